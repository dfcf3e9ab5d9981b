import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, stack } from '../support/browser.ts';
import {
  addChosenSeatByKeyboard,
  chooseSeatByKeyboard,
  lastCheckoutStart,
  logInFromHeader,
  payWithApprovedCard,
  recordCheckoutStarts,
  seatIdOf,
  shadowText,
  THEATRE,
} from '../support/shopping.ts';

// Each test takes seats in its own row of "Plateia A", so the files never compete for a seat.
const ROW_FOR_CARD_PURCHASE = { steps: 3, label: 'C' };
const ROW_FOR_TAKEN_SEAT = { steps: 2, label: 'B' };

describe('seats in the storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks a seat with the keyboard alone in list mode and pays by card in 3 installments', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await recordCheckoutStarts(page);
    await page.goto(`/eventos/${THEATRE.slug}`);
    await logInFromHeader(page);

    const picker = page.locator('plateia-seat-picker');
    const seat = await chooseSeatByKeyboard(page, picker, ROW_FOR_CARD_PURCHASE.steps);
    expect(seat).toBe(`Assento ${ROW_FOR_CARD_PURCHASE.label}1`);
    await addChosenSeatByKeyboard(page, picker);

    // The polite live region announces the seat, its section and price.
    const announcement = `${seat}, Plateia A, R$ 180,00 adicionado ao carrinho`;
    await picker.getByRole('status').filter({ hasText: announcement }).waitFor();
    await picker.getByRole('button', { name: `Remover ${seat}, Plateia A` }).waitFor();
    await picker.getByRole('option', { name: `${seat} (no seu carrinho)` }).waitFor({ state: 'attached' });

    const bar = page.locator('plateia-cart-bar');
    await expect.poll(() => shadowText(bar)).toMatch(/1 item[\s\S]*R\$\s180,00[\s\S]*\+taxa/);
    await bar.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.waitForURL(`**/checkout/${THEATRE.id}`);

    const checkout = page.locator('plateia-checkout');
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    await checkout.getByRole('heading', { name: 'Pagamento' }).waitFor();
    const order = await lastCheckoutStart(page);
    // 180,00 + 10% fee.
    expect(order.totalCents).toBe(19_800);
    const { installments } = await payWithApprovedCard(checkout);
    expect(installments).toBe('3x de R$ 66,00');

    await checkout.getByRole('link', { name: 'Ver Meus Ingressos' }).click();
    await page.waitForURL('**/mytickets');
    const ticket = page
      .getByRole('article', { name: THEATRE.name })
      .locator('li[data-ticket-id]')
      .filter({ hasText: order.orderNumber });
    await ticket.waitFor();
    expect(await ticket.textContent()).toContain('Válido');

    // The seat is sold now: the API host says so to anyone.
    const seatId = await seatIdOf(THEATRE.id, 'Plateia A', ROW_FOR_CARD_PURCHASE.label, '1');
    const status = await fetch(
      `${stack().apiUrl}/seat/status?eventId=${THEATRE.id}&seatIds=${seatId}&sessionId=${randomUUID()}`,
    ).then((response) => response.json() as Promise<{ data: Record<string, string> }>);
    expect(status.data[String(seatId)]).toBe('sold');
    await context.close();
  });

  it('moves seat to seat on the map by keyboard, announcing and showing each seat, and shows it on hover', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${THEATRE.slug}`);
    const picker = page.locator('plateia-seat-picker');
    const canvas = picker.getByRole('img', { name: /^Mapa de assentos com/ });
    // The map loads when the visitor gets near it.
    await picker.scrollIntoViewIfNeeded();
    await canvas.waitFor();
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    const status = picker.getByRole('status');
    const facts =
      /^Plateia [A-Z], fileira [A-Z]+, assento \d+, (a partir de )?R\$\s[\d.]+,\d\d, (disponível|reservado|vendido|indisponível|no seu carrinho)$/;
    await expect.poll(() => status.textContent()).toMatch(facts);
    const tooltip = picker.locator('[part="tooltip"]');
    await tooltip.waitFor();
    const first = await status.textContent();
    await page.keyboard.press('End');
    await expect.poll(() => status.textContent()).not.toBe(first);
    expect(await status.textContent()).toMatch(facts);
    // The tooltip names the seat the announcement does, and sits clear of it.
    const [section, row, seat] = (await status.textContent())?.split(', ') ?? [];
    expect(await tooltip.textContent()).toContain(`${section}${row}, ${seat}`);
    const at = await tooltip.evaluate((el) => [
      Number.parseFloat((el as HTMLElement).style.left),
      Number.parseFloat((el as HTMLElement).style.top),
    ]);
    const canvasBox = await canvas.boundingBox();
    const tipBox = await tooltip.boundingBox();
    if (!canvasBox || !tipBox) throw new Error('no boxes');
    const seatX = canvasBox.x + (at[0] as number);
    const seatY = canvasBox.y + (at[1] as number);
    expect(
      seatY < tipBox.y ||
        seatY > tipBox.y + tipBox.height ||
        seatX < tipBox.x ||
        seatX > tipBox.x + tipBox.width,
    ).toBe(true);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });
    // The mouse over the same seat shows the same tooltip.
    await page.mouse.move(seatX, seatY);
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(`${section}${row}, ${seat}`);
    await context.close();
  });

  it('says the seat is no longer available when another session takes it meanwhile', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${THEATRE.slug}`);
    const picker = page.locator('plateia-seat-picker');
    // The event page loads its buy buttons and seat map as the visitor scrolls to them.
    await picker.scrollIntoViewIfNeeded();
    const seat = await chooseSeatByKeyboard(page, picker, ROW_FOR_TAKEN_SEAT.steps);
    expect(seat).toBe(`Assento ${ROW_FOR_TAKEN_SEAT.label}1`);

    // Someone else holds the chosen seat while this page still shows it available.
    const seatId = await seatIdOf(THEATRE.id, 'Plateia A', ROW_FOR_TAKEN_SEAT.label, '1');
    const hold = await fetch(`${stack().apiUrl}/seat/hold`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        eventId: THEATRE.id,
        seatIds: [seatId],
        holdSeconds: 600,
        sessionId: randomUUID(),
      }),
    });
    expect(hold.status).toBe(200);

    await addChosenSeatByKeyboard(page, picker);
    await picker
      .getByRole('alert')
      .filter({
        hasText:
          /Este assento não está mais disponível|Este assento acabou de ser reservado por outra pessoa/,
      })
      .waitFor();
    // Nothing reached the cart, and the seat is now listed as held by someone else.
    await picker.getByText('Nenhum lugar escolhido.').waitFor();
    await picker.getByRole('option', { name: `${seat} (Reservado)` }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('plateia:cart') ?? '[]'))).toEqual([]);
    await context.close();
  });
});
