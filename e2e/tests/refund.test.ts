import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import {
  FESTIVAL,
  lastCheckoutStart,
  logInFromHeader,
  payWithSandboxPix,
  recordCheckoutStarts,
  shadowText,
} from '../support/shopping.ts';

/** Cents as the storefront writes them ("R$ 132,00"), for amounts under R$ 1.000. */
const brl = (cents: number) => `R$\u00a0${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
const loose = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\u00a0| /g, '\\s'));

/** Buys one "Pista 1º lote" by PIX through the sandbox; the order and the PSP page of its charge. */
async function buyOneByPix(page: Page): Promise<{ orderNumber: string; totalCents: number; pspUrl: string }> {
  const context = page.context();
  const pspPages: string[] = [];
  context.on('page', (opened) => {
    void opened.waitForLoadState().then(() => pspPages.push(opened.url()));
  });
  await page.goto(`/eventos/${FESTIVAL.slug}`);
  await logInFromHeader(page);
  const lot = page
    .locator('li[data-ticket-type-id]')
    .filter({ has: page.getByRole('heading', { name: 'Pista 1º lote', exact: true }) });
  await lot.getByRole('button', { name: 'Comprar' }).click();
  const bar = page.locator('plateia-cart-bar');
  await expect.poll(() => shadowText(bar)).toMatch(/1 item/);
  await bar.getByRole('button', { name: 'Finalizar Compra' }).click();
  await page.waitForURL(`**/checkout/${FESTIVAL.id}`);
  const checkout = page.locator('plateia-checkout');
  await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
  await checkout
    .getByRole('region', { name: 'Pagamento' })
    .getByRole('heading', { name: 'Pagamento' })
    .waitFor();
  const order = await lastCheckoutStart(page);
  await payWithSandboxPix(context, checkout);
  await expect.poll(() => pspPages.find((url) => url.includes('/sandbox/cob/'))).toBeTruthy();
  const pspUrl = pspPages.find((url) => url.includes('/sandbox/cob/'))!.replace(/\?.*$/, '');
  return { orderNumber: order.orderNumber, totalCents: order.totalCents, pspUrl };
}

describe('refunds in the storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('buys by PIX, refunds from Meus Ingressos with the fee, sees the ticket voided and the money back in the PSP', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await recordCheckoutStarts(page);
    const order = await buyOneByPix(page);

    await page.goto('/mytickets');
    await page.getByRole('heading', { level: 1, name: 'Meus Ingressos' }).waitFor();
    const ticket = page
      .getByRole('article', { name: FESTIVAL.name })
      .locator('li[data-ticket-id]')
      .filter({ hasText: order.orderNumber });
    await ticket.getByRole('button', { name: 'Ver QR Code' }).waitFor();

    // The rule, its reason and the amount (fee included) are shown before confirming.
    await ticket.getByRole('button', { name: 'Solicitar reembolso' }).click();
    const confirm = ticket.getByRole('group', { name: /^Solicitar reembolso #\d+$/ });
    await confirm.getByText(/a compra foi feita há até 7 dias e faltam mais de 48 horas/).waitFor();
    expect(await confirm.textContent()).toMatch(
      loose(`Valor a devolver: ${brl(order.totalCents)} (taxa de serviço de`),
    );
    await confirm.getByText('A taxa de serviço também é devolvida (CDC, art. 49).').waitFor();
    await confirm.getByRole('button', { name: 'Confirmar reembolso' }).click();

    // Voided at once: no code any more, status "Reembolsado", the refund on its way.
    await page.getByRole('status').filter({ hasText: 'Reembolso solicitado.' }).waitFor();
    await expect.poll(() => ticket.locator('.ticket-status').textContent()).toBe('Reembolsado');
    expect(await ticket.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(0);
    expect(await ticket.getByRole('button', { name: 'Solicitar reembolso' }).count()).toBe(0);
    // The sandbox PSP ends the devolução within a second and tells the API host's webhook.
    await expect
      .poll(
        async () => {
          await page.reload();
          return ticket
            .locator('[data-refund-status]')
            .getAttribute('data-refund-status', { timeout: 10_000 });
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('refunded');
    expect(await ticket.locator('.ticket-refund').textContent()).toMatch(
      loose(`Reembolsado · ${brl(order.totalCents)}`),
    );

    // The PSP shows the PIX returned in full to the account that paid it.
    const psp = await context.newPage();
    await psp.goto(order.pspUrl);
    await psp
      .getByText(loose(`Devolvido ao pagador: ${brl(order.totalCents)} de ${brl(order.totalCents)}`))
      .waitFor();
    expect(await psp.locator('li[data-status="DEVOLVIDO"]').count()).toBe(1);
    await context.close();
  });
});
