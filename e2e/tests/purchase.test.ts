import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import {
  FESTIVAL,
  lastCheckoutStart,
  logInFromHeader,
  payWithSandboxPix,
  recordCheckoutStarts,
  SOLD_OUT_WITH_RESALE,
  shadowText,
} from '../support/shopping.ts';

const SECOND_RESALE_MESSAGE =
  'Apenas um ingresso de revenda pode ser comprado por vez. Por favor, finalize esta compra antes de adicionar outro ingresso de revenda.';
const EXPIRED_MESSAGE = 'O tempo para finalizar a compra acabou e seu carrinho foi esvaziado.';

/** A lot row of the event page by its visible name ("Pista 1º lote"). */
function lot(page: Page, name: string): Locator {
  return page
    .locator('li[data-ticket-type-id]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/**
 * Waits until the island inside `row` has hydrated (Astro drops `ssr` then): the
 * `client:visible` islands hydrate once scrolled into view, and a click before that is lost.
 */
async function hydrated(row: Locator): Promise<void> {
  await row.scrollIntoViewIfNeeded();
  await row.locator('astro-island:not([ssr])').waitFor({ state: 'attached' });
}

describe('buying in the storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('buys a general-admission ticket with a coupon and PIX, and finds it in Meus Ingressos', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await recordCheckoutStarts(page);
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    // The poster is served by the storefront: no broken image hiding behind the gradient.
    const poster = page.locator('.event-media img').first();
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await logInFromHeader(page);

    // No cart yet: no cart bar.
    const bar = page.locator('plateia-cart-bar');
    expect(await bar.getByRole('button', { name: 'Finalizar Compra' }).count()).toBe(0);
    await lot(page, 'Pista 1º lote').getByRole('button', { name: 'Comprar' }).click();

    const finish = bar.getByRole('button', { name: 'Finalizar Compra' });
    await finish.waitFor();
    await expect.poll(() => shadowText(bar)).toMatch(/1 item[\s\S]*R\$\s120,00[\s\S]*\+taxa/);
    await finish.click();
    await page.waitForURL(`**/checkout/${FESTIVAL.id}`);
    await page.getByRole('heading', { level: 1, name: 'Finalizar compra' }).waitFor();
    // The checkout page has no cart bar, and the header keeps only help.
    expect(await page.locator('plateia-cart-bar').count()).toBe(0);

    const checkout = page.locator('plateia-checkout');
    await checkout.getByRole('textbox', { name: 'Cupom de desconto' }).fill('PLATEIA10');
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    const payment = checkout.getByRole('region', { name: 'Pagamento' });
    await payment.getByRole('heading', { name: 'Pagamento' }).waitFor();
    await payment.getByRole('timer', { name: 'Tempo restante da reserva' }).waitFor();
    // 120,00 − 10% = 108,00; fee 10% = 10,80; total 118,80.
    const totals = await payment.textContent();
    expect(totals).toMatch(/Subtotal\s*R\$\s120,00/);
    expect(totals).toMatch(/Desconto \(cupom PLATEIA10\)\s*−\s?R\$\s12,00/);
    expect(totals).toMatch(/Taxa de serviço\s*R\$\s10,80/);
    expect(totals).toMatch(/Total\s*R\$\s118,80/);
    const order = await lastCheckoutStart(page);
    expect(order.totalCents).toBe(11_880);

    // The payment must show up in this same document, without a reload.
    await page.evaluate(() => {
      (window as unknown as { beforePayment: boolean }).beforePayment = true;
    });
    await payWithSandboxPix(context, checkout);
    expect(await page.evaluate(() => (window as unknown as { beforePayment?: boolean }).beforePayment)).toBe(
      true,
    );
    await checkout.getByText('Seus ingressos já estão na sua conta, em Meus Ingressos.').waitFor();
    await checkout.getByRole('link', { name: 'Ver Meus Ingressos' }).click();

    await page.waitForURL('**/mytickets');
    await page.getByRole('heading', { level: 1, name: 'Meus Ingressos' }).waitFor();
    const festival = page.getByRole('article', { name: FESTIVAL.name });
    const ticket = festival.locator('li[data-ticket-id]').filter({ hasText: order.orderNumber });
    await ticket.waitFor();
    const text = await ticket.textContent();
    expect(text).toContain('Pista 1º lote');
    expect(text).toContain('Válido');
    await context.close();
  });

  it('refuses a second resale ticket in the cart with the spec message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${SOLD_OUT_WITH_RESALE.slug}`);
    await page.getByRole('heading', { name: 'Ingressos de revenda' }).waitFor();
    const offers = page.locator('li[data-resale-id]');
    expect(await offers.count()).toBeGreaterThanOrEqual(2);

    await hydrated(offers.nth(0));
    await offers.nth(0).getByRole('button', { name: 'Adicionar Pista (revenda) ao carrinho' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Ingresso de revenda adicionado ao carrinho' })
      .waitFor();
    await offers
      .nth(0)
      .getByRole('button', { name: 'Adicionar Pista (revenda) ao carrinho' })
      .filter({ hasText: 'No carrinho' })
      .waitFor();

    await hydrated(offers.nth(1));
    await offers.nth(1).getByRole('button', { name: 'Adicionar Pista (revenda) ao carrinho' }).click();
    await page.getByRole('alert').filter({ hasText: SECOND_RESALE_MESSAGE }).waitFor();

    // Only the first offer is in the cart.
    const bar = page.locator('plateia-cart-bar');
    await expect.poll(() => shadowText(bar)).toMatch(/1 item[\s\S]*R\$\s180,00[\s\S]*\+taxa/);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('plateia:cart') ?? '[]'));
    expect(cart).toHaveLength(1);
    await context.close();
  });

  it('empties the cart 15 minutes after the last change, with the expiry message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    // The event page loads its buy buttons and seat map as the visitor scrolls to them.
    // The 2º lote opens only when the 1º sells out (virada de lote): the current lot is bought.
    await lot(page, 'Pista 1º lote').scrollIntoViewIfNeeded();
    await lot(page, 'Pista 1º lote').getByRole('button', { name: 'Comprar' }).click();
    const finish = page.locator('plateia-cart-bar').getByRole('button', { name: 'Finalizar Compra' });
    await finish.waitFor();

    // Just before the deadline the cart is still there.
    await page.clock.fastForward('14:50');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('plateia:cart') ?? '[]').length === 1);
    expect(await finish.isVisible()).toBe(true);

    await page.clock.fastForward('00:20');
    await page.getByRole('status').filter({ hasText: EXPIRED_MESSAGE }).waitFor();
    await finish.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('plateia:cart') ?? '[]'))).toEqual([]);
    await context.close();
  });
});
