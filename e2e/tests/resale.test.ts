import { randomUUID } from 'node:crypto';
import { md5 } from '@plateia/core/crypto/md5';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, stack } from '../support/browser.ts';
import { FESTIVAL, logInFromHeader, payWithApprovedCard } from '../support/shopping.ts';

const SELLER = { email: 'mariana.costa@plateia.dev', password: 'plateia123' } as const;
const BUYER = { email: 'rafael.oliveira@plateia.dev', password: 'plateia123' } as const;
const PRODUCER = { email: 'produtor@plateia.dev', password: 'plateia123' } as const;

// biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read field by field.
type Loose = any;

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${stack().apiUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Loose };
}

/** The producer's session, logged in the way the storefront's dialog does. */
async function producerToken(): Promise<string> {
  const uuid = randomUUID();
  const email = encodeURIComponent(PRODUCER.email);
  const salt = (await api('POST', `/getsalt/${email}/${uuid}`, null)).body.msg as string;
  const login = await api(
    'POST',
    `/login/${email}/${md5(salt + PRODUCER.password)}/${uuid}/${encodeURIComponent(salt)}`,
    null,
  );
  return login.body.token as string;
}

/** The page's session token (the storefront keeps it in localStorage). */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('plateia:token'));

/** The seller's wallet balance as the API host reports it. */
async function walletBalance(token: string): Promise<number> {
  const wallet = await api('GET', '/wallet', token);
  expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
  return wallet.body.balanceCents as number;
}

/** Logs in as the seller, buys one "Pista 1º lote" by card and lands on Meus Ingressos. */
async function buyOneTicket(page: Page): Promise<void> {
  await page.goto(`/eventos/${FESTIVAL.slug}`);
  await logInFromHeader(page, SELLER);
  const lot = page
    .locator('li[data-ticket-type-id]')
    .filter({ has: page.getByRole('heading', { name: 'Pista 1º lote', exact: true }) });
  await lot.getByRole('button', { name: 'Comprar' }).click();
  await checkOut(page);
}

/** From the cart bar through the checkout, paid by the sandbox's approved card, to Meus Ingressos. */
async function checkOut(page: Page): Promise<void> {
  const finish = page.locator('plateia-cart-bar').getByRole('button', { name: 'Finalizar Compra' });
  await finish.waitFor();
  await finish.click();
  await page.waitForURL(`**/checkout/${FESTIVAL.id}`);
  const checkout = page.locator('plateia-checkout');
  await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
  await checkout.getByRole('region', { name: 'Pagamento' }).waitFor();
  await payWithApprovedCard(checkout);
  await checkout.getByRole('link', { name: 'Ver Meus Ingressos' }).click();
  await page.waitForURL('**/mytickets');
}

/** The QR text shown in the ticket's full-screen view now. */
async function shownPayload(page: Page, ticket: Locator): Promise<string> {
  await ticket.getByRole('button', { name: 'Ver QR Code' }).click();
  const view = page.getByRole('dialog', { name: FESTIVAL.name });
  const payload =
    (await view.getByRole('img', { name: 'QR Code de entrada' }).getAttribute('data-payload')) ?? '';
  await view.getByRole('button', { name: 'Fechar' }).click();
  return payload;
}

describe('resale, from listing to the seller paid', () => {
  let browser: Browser;
  let seller: BrowserContext;
  let buyer: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await seller?.close();
    await buyer?.close();
    await browser?.close();
  });

  it("lists a ticket, sells it to a second account, holds the seller's price until the event ends and refuses the old code", async () => {
    seller = await newContext(browser);
    const page = await seller.newPage();
    await buyOneTicket(page);
    const sellerToken = (await tokenOf(page))!;
    const before = await walletBalance(sellerToken);

    // The newest valid ticket of the festival is the one just bought.
    const festival = page.getByRole('article', { name: FESTIVAL.name });
    const ticket = festival.locator('li[data-ticket-id]').filter({ hasText: 'Válido' }).last();
    await ticket.waitFor();
    const ticketId = Number(await ticket.getAttribute('data-ticket-id'));
    const mine = page.locator(`li[data-ticket-id="${ticketId}"]`);
    const oldCode = await shownPayload(page, mine);
    expect(oldCode).toMatch(new RegExp(`^PLT1\\.${ticketId}\\.1\\.\\d{6}$`));

    // "Revender": the cap, the fee and what the seller receives, before confirming.
    await mine.getByRole('button', { name: 'Revender' }).click();
    const price = mine.getByLabel('Preço de revenda (R$)');
    await price.waitFor();
    const max = (await price.inputValue()).trim();
    expect(max).toMatch(/^\d+,\d{2}$/);
    await mine.getByText(/^Taxa de revenda \(10%\): R\$ /).waitFor();
    await price.fill('100,00');
    await mine.getByText('Você recebe R$ 90,00').waitFor();
    await mine.getByRole('button', { name: 'Anunciar para revenda' }).click();
    await page.getByRole('status').filter({ hasText: 'Ingresso anunciado para revenda.' }).waitFor();
    await mine.getByText('Anunciado para revenda', { exact: true }).waitFor();
    await mine.getByText('Anunciado por R$ 100,00 · você recebe R$ 90,00').waitFor();
    await mine.getByRole('button', { name: 'Retirar da revenda' }).waitFor();
    expect(await mine.getByRole('button', { name: 'Ver QR Code' }).count()).toBe(0);
    const listingId = Number(await mine.locator('[data-listing-id]').getAttribute('data-listing-id'));

    // The code the seller had is refused at the door at once.
    const producer = await producerToken();
    const scanned = await api('POST', `/check-in/events/${FESTIVAL.id}/scan`, producer, {
      nonce: randomUUID(),
      deviceId: 'e2e-revenda',
      payload: oldCode,
    });
    expect(scanned.body).toMatchObject({ verdict: 'old_code', admitted: false });

    // A second account finds it on the event page and buys it.
    buyer = await newContext(browser);
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`/eventos/${FESTIVAL.slug}`);
    await logInFromHeader(buyerPage, BUYER);
    const offer = buyerPage.locator(`#revenda li[data-resale-id="${listingId}"]`);
    await offer.getByText('R$ 100,00').waitFor();
    await offer.getByRole('button', { name: 'Adicionar' }).click();
    await checkOut(buyerPage);
    const bought = buyerPage.locator('li[data-ticket-id]').filter({ hasText: `RESALE_${listingId}` });
    await bought.getByText('Válido', { exact: true }).waitFor();

    // The seller's ticket is void and the listing sold; the price less the fee reaches the
    // wallet only after the event (the buyer may still be refunded until then).
    await page.reload();
    await mine.getByText('Revendido', { exact: true }).waitFor();
    await mine
      .getByText('Ingresso revendido. O valor entra na sua carteira depois que o evento terminar.')
      .waitFor();
    expect(await walletBalance(sellerToken)).toBe(before);
    const again = await api('POST', `/check-in/events/${FESTIVAL.id}/scan`, producer, {
      nonce: randomUUID(),
      deviceId: 'e2e-revenda',
      payload: oldCode,
    });
    expect(again.body.admitted).toBe(false);
  }, 180_000);
});
