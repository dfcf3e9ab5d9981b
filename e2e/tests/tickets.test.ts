import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The rule the door uses, read straight from core's source (otpauth resolves beside it).
import {
  base64UrlToBytes,
  checkTicketCode,
  decodeTicketPayload,
} from '../../packages/core/src/rules/ticket-code.ts';
import { launchBrowser, newContext, stack, waitForMail } from '../support/browser.ts';
import {
  FESTIVAL,
  lastCheckoutStart,
  logInFromHeader,
  payWithSandboxPix,
  recordCheckoutStarts,
} from '../support/shopping.ts';

const RECIPIENT = { email: 'joao.pereira@plateia.dev', password: 'plateia123' } as const;

/** The QR payload the full-screen view shows now. */
async function payloadOf(view: Locator): Promise<string> {
  return (await view.getByRole('img', { name: 'QR Code de entrada' }).getAttribute('data-payload')) ?? '';
}

/** Asks the API host, as the page's session, whether `payload` would pass the door now. */
async function passesDoor(page: Page, payload: string): Promise<boolean> {
  const decoded = decodeTicketPayload(payload);
  if (!decoded) return false;
  const token = await page.evaluate(() => localStorage.getItem('plateia:token'));
  const answer = await fetch(`${stack().apiUrl}/tickets/${decoded.ticketId}/code-key`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!answer.ok) return false;
  const key = (await answer.json()) as { holderVersion: number; secret: string; serverTime: number };
  return (
    key.holderVersion === decoded.holderVersion &&
    checkTicketCode(base64UrlToBytes(key.secret), decoded.code, key.serverTime)
  );
}

/** Waits until the code on screen moves to the next 15 s step; answers the new payload. */
async function nextCode(view: Locator, current: string): Promise<string> {
  await expect.poll(() => payloadOf(view), { timeout: 20_000, interval: 250 }).not.toBe(current);
  return payloadOf(view);
}

/** Buys one "Pista" ticket of the festival with sandbox PIX and lands on Meus Ingressos. */
async function buyOneTicket(context: BrowserContext, page: Page): Promise<string> {
  await recordCheckoutStarts(page);
  await page.goto(`/eventos/${FESTIVAL.slug}`);
  await logInFromHeader(page);
  const lot = page
    .locator('li[data-ticket-type-id]')
    .filter({ has: page.getByRole('heading', { name: 'Pista 1º lote', exact: true }) });
  await lot.getByRole('button', { name: 'Comprar' }).click();
  const finish = page.locator('plateia-cart-bar').getByRole('button', { name: 'Finalizar Compra' });
  await finish.waitFor();
  await finish.click();
  await page.waitForURL(`**/checkout/${FESTIVAL.id}`);
  const checkout = page.locator('plateia-checkout');
  await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
  await checkout.getByRole('region', { name: 'Pagamento' }).waitFor();
  const { orderNumber } = await lastCheckoutStart(page);
  await payWithSandboxPix(context, checkout);
  await checkout.getByRole('link', { name: 'Ver Meus Ingressos' }).click();
  await page.waitForURL('**/mytickets');
  return orderNumber;
}

describe('tickets after the purchase', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a live code that rotates online and offline, and moves to the recipient of a transfer', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const orderNumber = await buyOneTicket(context, page);

    const festival = page.getByRole('article', { name: FESTIVAL.name });
    const ticket = festival.locator('li[data-ticket-id]').filter({ hasText: orderNumber });
    await ticket.waitFor();
    const ticketId = Number(await ticket.getAttribute('data-ticket-id'));

    // Online: the full-screen code is the one the door accepts, and it changes each step.
    await ticket.getByRole('button', { name: 'Ver QR Code' }).click();
    const view = page.getByRole('dialog', { name: FESTIVAL.name });
    await view
      .getByRole('timer')
      .filter({ hasText: /^Novo código em \d+ s$/ })
      .waitFor();
    const first = await payloadOf(view);
    expect(first).toMatch(new RegExp(`^PLT1\\.${ticketId}\\.1\\.\\d{6}$`));
    expect(await passesDoor(page, first)).toBe(true);
    const second = await nextCode(view, first);
    expect(second).toMatch(new RegExp(`^PLT1\\.${ticketId}\\.1\\.\\d{6}$`));
    expect(await passesDoor(page, second)).toBe(true);
    await view.getByRole('button', { name: 'Fechar' }).click();

    // The service worker keeps the page; the device keeps the tickets and their secrets.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/mytickets')))).toBe(true);

    // Offline: the page opens from the worker's cache and the code still renders and rotates.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Sem conexão' }).waitFor();
    await ticket.getByRole('button', { name: 'Ver QR Code' }).click();
    const offlineView = page.getByRole('dialog', { name: FESTIVAL.name });
    const offlineFirst = await payloadOf(offlineView);
    expect(offlineFirst).toMatch(new RegExp(`^PLT1\\.${ticketId}\\.1\\.\\d{6}$`));
    const offlineSecond = await nextCode(offlineView, offlineFirst);
    await context.setOffline(false);
    expect(await passesDoor(page, offlineSecond)).toBe(true);
    await offlineView.getByRole('button', { name: 'Fechar' }).click();

    // Transfer to a second account, with confirmation.
    await page.reload();
    await ticket.getByRole('button', { name: 'Transferir' }).click();
    await ticket.getByLabel('E-mail de quem vai receber').fill(RECIPIENT.email);
    await ticket.getByRole('button', { name: 'Continuar' }).click();
    await ticket.getByText(`Transferir este ingresso para ${RECIPIENT.email}?`).waitFor();
    await ticket.getByRole('button', { name: 'Confirmar transferência' }).click();
    await page.getByRole('status').filter({ hasText: 'Transferência enviada!' }).waitFor();
    await ticket.getByText('Transferência pendente').waitFor();
    const mail = await waitForMail(RECIPIENT.email, /transferiu um ingresso para você/);
    expect(mail.text).toContain(FESTIVAL.name);

    // The recipient accepts in their Meus Ingressos; the ticket's code is theirs now.
    const other = await newContext(browser);
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await logInFromHeader(otherPage, RECIPIENT);
    await otherPage.goto('/mytickets');
    const incoming = otherPage.getByRole('region', { name: 'Transferências recebidas' });
    await incoming.getByRole('button', { name: 'Aceitar ingresso' }).first().click();
    await otherPage.getByRole('status').filter({ hasText: 'Ingresso recebido!' }).waitFor();
    const received = otherPage.locator(`li[data-ticket-id="${ticketId}"]`);
    await received.getByText('Válido').waitFor();
    await received.getByRole('button', { name: 'Ver QR Code' }).click();
    const theirView = otherPage.getByRole('dialog', { name: FESTIVAL.name });
    const theirs = await payloadOf(theirView);
    expect(theirs).toMatch(new RegExp(`^PLT1\\.${ticketId}\\.2\\.\\d{6}$`));
    expect(await passesDoor(otherPage, theirs)).toBe(true);

    // The sender's list shows it transferred, with no code left to show.
    await page.reload();
    await ticket.getByText('Transferido', { exact: true }).waitFor();
    expect(await ticket.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(0);

    // Signing out wipes the device's copy of the tickets and their secrets.
    const vaultExists = () =>
      page.evaluate(async () => (await indexedDB.databases()).some((db) => db.name === 'plateia-tickets'));
    expect(await vaultExists()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('plateia:ticketVaultOwner'))).not.toBeNull();
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page
      .getByRole('dialog', { name: 'Tem certeza que deseja sair?' })
      .getByRole('button', { name: 'Sair' })
      .click();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    await expect.poll(vaultExists).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('plateia:ticketVaultOwner'))).toBeNull();
    await other.close();
    await context.close();
  });
});
