import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import {
  FESTIVAL,
  lastCheckoutStart,
  logInFromHeader,
  recordCheckoutStarts,
  shadowText,
} from '../support/shopping.ts';

/** An amount as the storefront writes it ("R$ 1.234,56"), in cents; -1 when there is none. */
function centsIn(text: string): number {
  const match = /R\$\s*([\d.]+),(\d{2})/.exec(text);
  return match ? Number(match[1]?.replace(/\./g, '')) * 100 + Number(match[2]) : -1;
}

/** The balance `/cashless` shows, in cents (-1 while it loads). */
async function shownBalance(page: Page): Promise<number> {
  return centsIn((await page.getByTestId('wallet-balance').textContent()) ?? '');
}

/** Marks the document, to tell later whether the page was reloaded meanwhile. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

describe('the cashless wallet in the storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tops up the wallet by PIX in Minha Carteira, pays a ticket with it, and finds the ticket in Meus Ingressos', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await recordCheckoutStarts(page);
    await page.goto('/');
    await logInFromHeader(page);
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: 'Minha Carteira' }).click();
    await page.waitForURL('**/cashless');
    await page.getByRole('heading', { level: 1, name: 'Minha Carteira' }).waitFor();
    // Other files of the run may have used this customer's wallet: count from what it holds.
    await expect.poll(() => shownBalance(page)).toBeGreaterThanOrEqual(0);
    const before = await shownBalance(page);

    // Top up R$ 200,00 by PIX: QR and copia-e-cola, paid in the sandbox PSP's page (a new tab).
    await markDocument(page);
    // An ambiguous amount is asked again instead of read as R$ 1.234,00 or R$ 1,23.
    await page.getByRole('textbox', { name: 'Valor da recarga (R$)' }).fill('1.234');
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Valor ambíguo: use a vírgula para os centavos, como 1.234,00 ou 1,23.' })
      .waitFor();
    // "200.00", as a phone's numeric keyboard types it, is R$ 200,00.
    await page.getByRole('textbox', { name: 'Valor da recarga (R$)' }).fill('200.00');
    await page.getByRole('button', { name: 'Gerar PIX' }).click();
    await page.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'PIX copia e cola' }).inputValue()).toMatch(
      /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/,
    );
    const [psp] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Simular pagamento' }).click(),
    ]);
    await psp.getByRole('heading', { name: /PSP sandbox/ }).waitFor();
    await psp.getByRole('button', { name: 'Simular pagamento' }).click();
    await psp.getByText('Pagamento simulado com sucesso.').waitFor();
    await psp.close();
    // The page notices the payment by itself (it polls the top-up) and shows the new balance.
    await page
      .locator('.wallet-status[role="status"]', {
        hasText: 'Recarga confirmada! O valor já está no seu saldo.',
      })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => shownBalance(page)).toBe(before + 20_000);
    await page.locator('.wallet-line[data-kind="wallet_topup"]', { hasText: 'R$ 200,00' }).first().waitFor();
    expect(await isSameDocument(page)).toBe(true);

    // Buy a Pista 1º lote ticket (R$ 120,00 + 10% fee = R$ 132,00) and pay it all with the wallet.
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    // The lot rows carry <plateia-buy-button>: its "Comprar" exists once the element is defined.
    const lot = page
      .locator('li[data-ticket-type-id]')
      .filter({ has: page.getByRole('heading', { name: 'Pista 1º lote', exact: true }) });
    // The event page loads its buy buttons and seat map as the visitor scrolls to them.
    await lot.scrollIntoViewIfNeeded();
    await lot.getByRole('button', { name: 'Comprar' }).click();
    const bar = page.locator('plateia-cart-bar');
    const finish = bar.getByRole('button', { name: 'Finalizar Compra' });
    await finish.waitFor();
    await expect.poll(() => shadowText(bar)).toMatch(/1 item/);
    await finish.click();
    await page.waitForURL(`**/checkout/${FESTIVAL.id}`);
    const checkout = page.locator('plateia-checkout');
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    const payment = checkout.getByRole('region', { name: 'Pagamento' });
    await payment.getByRole('heading', { name: 'Pagamento' }).waitFor();
    expect(await payment.textContent()).toMatch(/Total\s*R\$\s132,00/);
    const order = await lastCheckoutStart(page);
    expect(order.totalCents).toBe(13_200);

    // Beside the checkout, once the order is reserved: the balance and "Usar saldo da carteira".
    const wallet = page.getByTestId('checkout-wallet');
    const useWallet = wallet.getByRole('button', { name: 'Usar saldo da carteira' });
    await useWallet.waitFor();
    expect(centsIn((await wallet.textContent()) ?? '')).toBe(before + 20_000);
    await useWallet.click();
    await checkout.getByRole('heading', { name: 'Compra confirmada!' }).waitFor({ timeout: 20_000 });
    await checkout.getByText('Seus ingressos já estão na sua conta, em Meus Ingressos.').waitFor();
    await checkout.getByRole('link', { name: 'Ver Meus Ingressos' }).click();

    await page.waitForURL('**/mytickets');
    await page.getByRole('heading', { level: 1, name: 'Meus Ingressos' }).waitFor();
    const ticket = page
      .getByRole('article', { name: FESTIVAL.name })
      .locator('li[data-ticket-id]')
      .filter({ hasText: order.orderNumber });
    await ticket.waitFor();
    const text = await ticket.textContent();
    expect(text).toContain('Pista 1º lote');
    expect(text).toContain('Válido');

    // The wallet paid it: R$ 132,00 left the balance, listed as "Pagamento de pedido".
    await page.goto('/cashless');
    await page.getByRole('heading', { level: 1, name: 'Minha Carteira' }).waitFor();
    await expect.poll(() => shownBalance(page)).toBe(before + 20_000 - 13_200);
    const spend = page.locator('.wallet-line[data-kind="wallet_spend"]').first();
    await spend.waitFor();
    expect(await spend.textContent()).toMatch(/Pagamento de pedido[\s\S]*−R\$\s132,00/);
    await context.close();
  }, 120_000);
});
