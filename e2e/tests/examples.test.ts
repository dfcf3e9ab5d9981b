import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, stack } from '../support/browser.ts';
import { logInThroughPopup } from '../support/embed-login.ts';
import {
  addChosenSeatByKeyboard,
  chooseSeatByKeyboard,
  DEMO_CUSTOMER,
  lastCheckoutStart,
  ownedSeatTicket,
  payWithSandboxPix,
  recordCheckoutStarts,
  shadowText,
  THEATRE,
} from '../support/shopping.ts';

// A row of "Plateia A" no other test file takes.
const ROW = { steps: 5, label: 'E' };

describe('the example producer page on its own origin', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sells a seated ticket end to end with only the script tag', async () => {
    const { producerPageUrl, siteUrl, apiUrl } = stack();
    expect(new URL(producerPageUrl).origin).not.toBe(new URL(siteUrl).origin);
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await recordCheckoutStarts(page);
    const plateiaScripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(siteUrl))
        plateiaScripts.push(request.url());
    });
    await page.goto(producerPageUrl);
    await page.getByRole('heading', { level: 1, name: 'Produtora Cerrado Vivo' }).waitFor();
    // The page itself carries one Plateia tag: the loader, pointed at the API host.
    const tags = await page
      .locator('script[src]')
      .evaluateAll((scripts) =>
        scripts.map((script) => ({ src: script.getAttribute('src'), api: script.getAttribute('data-api') })),
      );
    expect(tags).toEqual([{ src: `${siteUrl}/embed/v1/plateia.js`, api: apiUrl }]);

    // Seat picker (list mode, keyboard) → cart bar.
    const picker = page.locator('plateia-seat-picker');
    const seat = await chooseSeatByKeyboard(page, picker, ROW.steps);
    expect(seat).toBe(`Assento ${ROW.label}1`);
    await addChosenSeatByKeyboard(page, picker);
    await picker
      .getByRole('status')
      .filter({ hasText: `${seat}, Plateia A, R$ 180,00 adicionado ao carrinho` })
      .waitFor();
    const bar = page.locator('plateia-cart-bar');
    await expect.poll(() => shadowText(bar)).toMatch(/1 item[\s\S]*R\$\s180,00[\s\S]*\+taxa/);

    // The bar's "Finalizar Compra" stays on this page: it goes to the checkout section.
    await bar.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.waitForURL(`${producerPageUrl}/#finalizar-compra`);
    const checkout = page.locator('plateia-checkout');
    await checkout.getByText(`Plateia A, fila ${ROW.label}, assento 1`).waitFor();
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();

    // Not logged in on this origin: the gate with "Cadastrar", plus the login dialog, whose
    // code the loader fetches only now.
    const gate = checkout.getByRole('dialog', { name: 'Para finalizar a compra, acesse sua conta' });
    await gate.getByRole('button', { name: 'Cadastrar' }).waitFor();
    await page.getByRole('dialog', { name: 'Acessar Conta' }).waitFor();
    // On this origin the password is typed only in the storefront's popup (docs/security.md).
    let token = '';
    await logInThroughPopup(context, page, DEMO_CUSTOMER, async (popup) => {
      token = (await popup.evaluate(() => localStorage.getItem('plateia:token'))) ?? '';
    });
    await gate.waitFor({ state: 'hidden' });

    // The reservation goes on by itself after the login.
    await checkout.getByRole('heading', { name: 'Pagamento' }).waitFor();
    const order = await lastCheckoutStart(page);
    expect(order.totalCents).toBe(19_800);
    await payWithSandboxPix(context, checkout);
    const tickets = checkout.getByRole('link', { name: 'Ver Meus Ingressos' });
    expect(await tickets.getAttribute('href')).toBe(`${siteUrl}/mytickets`);
    expect(page.url().startsWith(producerPageUrl)).toBe(true);

    // Every element came from the storefront's embed bundle, loaded by the tag's loader.
    expect(plateiaScripts.every((url) => url.startsWith(`${siteUrl}/embed/`))).toBe(true);
    // Element modules are content-hashed (`chunks/seat-picker-Ab12.js`).
    expect(plateiaScripts.some((url) => /\/seat-picker-[\w-]+\.js$/.test(url))).toBe(true);
    expect(plateiaScripts.some((url) => /\/checkout-[\w-]+\.js$/.test(url))).toBe(true);

    // The customer now owns a ticket for that very seat.
    expect(token).toBeTruthy();
    // The producer's page keeps no token in its storage.
    expect(await page.evaluate(() => localStorage.getItem('plateia:token'))).toBeNull();
    const sold = await ownedSeatTicket(apiUrl, token, {
      eventId: THEATRE.id,
      section: 'Plateia A',
      row: ROW.label,
      number: '1',
    });
    expect(sold?.status).toBe('valid');
    await context.close();
  });
});
