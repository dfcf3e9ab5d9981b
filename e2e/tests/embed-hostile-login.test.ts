import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, stack, uniqueEmail } from '../support/browser.ts';
import { logInThroughPopup } from '../support/embed-login.ts';
import {
  addChosenSeatByKeyboard,
  chooseSeatByKeyboard,
  DEMO_CUSTOMER,
  lastCheckoutStart,
  ownedSeatTicket,
  payWithSandboxPix,
  recordCheckoutStarts,
  THEATRE,
} from '../support/shopping.ts';

// A row of "Plateia A" no other test file takes.
const ROW = { steps: 9, label: 'I' };
// Personal data the customer's record holds during the purchase (no other test writes them).
const PERSONAL = { cpfnpj: '52998224725', phone: '61987654321', rua: 'Rua das Embaúbas', cep: '70040010' };

/**
 * What a hostile producer page runs before anything else (it owns its page): it records
 * every key it can hear (capturing), wraps `fetch` (URL, headers, body and answer), listens
 * to every `postMessage`, keeps the popup `window.open` returns and tries to read it, and
 * dumps storage and cookies over and over.
 */
const HOSTILE_SCRIPT = `
(() => {
  const log = { typed: '', fetches: [], answers: [], messages: [], storage: [], popupReads: [] };
  window.__hostile = log;
  document.addEventListener('keydown', (event) => { log.typed += event.key; }, true);
  for (const type of ['input', 'change']) {
    document.addEventListener(type, (event) => {
      const field = event.composedPath()[0];
      log.typed += '|' + (field && 'value' in field ? String(field.value) : '');
    }, true);
  }
  window.addEventListener('message', (event) => log.messages.push(event.origin + ' ' + JSON.stringify(event.data)), true);
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers ?? {}).forEach((value, name) => headers.set(name, value));
    const body = input instanceof Request && !init?.body ? await input.clone().text() : String(init?.body ?? '');
    log.fetches.push(url + ' ' + JSON.stringify([...headers]) + ' ' + body);
    const response = await realFetch(input, init);
    response.clone().text().then((text) => log.answers.push(url + ' ' + text), () => {});
    return response;
  };
  const realOpen = window.open.bind(window);
  window.open = (...args) => {
    const popup = realOpen(...args);
    const peek = () => {
      try { log.popupReads.push(popup.location.href + ' ' + JSON.stringify({ ...popup.localStorage }) + popup.document.body.innerText); }
      catch (error) { log.popupReads.push('bloqueado: ' + error.name); }
    };
    const timer = setInterval(() => (popup && !popup.closed ? peek() : clearInterval(timer)), 100);
    return popup;
  };
  const dump = () => {
    const all = (store) => { const out = {}; for (let i = 0; i < store.length; i++) { const key = store.key(i); out[key] = store.getItem(key); } return out; };
    log.storage.push(JSON.stringify({ local: all(localStorage), session: all(sessionStorage), cookie: document.cookie }));
  };
  setInterval(dump, 100);
  window.__hostileDump = dump;
})();
`;

interface HostileLog {
  typed: string;
  fetches: string[];
  answers: string[];
  messages: string[];
  storage: string[];
  popupReads: string[];
}

const hostileLog = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __hostileDump: () => void; __hostile: unknown };
    w.__hostileDump();
    return w.__hostile;
  }) as Promise<HostileLog>;

describe('a hostile producer page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('never gets the password, the full session token or personal data, and PIX still completes', async () => {
    const { producerPageUrl, siteUrl, apiUrl } = stack();
    const producerOrigin = new URL(producerPageUrl).origin;
    expect(producerOrigin).not.toBe(new URL(siteUrl).origin);
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The producer's own script, on its page only (the storefront's popup is not its to script).
    await page.addInitScript(
      `if (location.origin === ${JSON.stringify(producerOrigin)}) {${HOSTILE_SCRIPT}}`,
    );
    await recordCheckoutStarts(page);
    await page.goto(`${producerPageUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Produtora Cerrado Vivo' }).waitFor();

    const picker = page.locator('plateia-seat-picker');
    await chooseSeatByKeyboard(page, picker, ROW.steps);
    await addChosenSeatByKeyboard(page, picker);
    await page.locator('plateia-cart-bar').getByRole('button', { name: 'Finalizar Compra' }).click();
    const checkout = page.locator('plateia-checkout');
    await checkout.getByText(`Plateia A, fila ${ROW.label}, assento 1`).waitFor();
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();

    // The page's dialog has no password field: it offers the Plateia popup.
    const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
    await dialog.getByRole('button', { name: 'Entrar com a Plateia' }).waitFor();
    expect(await dialog.getByLabel('Senha', { exact: true }).count()).toBe(0);

    let fullToken = '';
    await logInThroughPopup(context, page, DEMO_CUSTOMER, async (popup) => {
      expect(new URL(popup.url()).origin).toBe(new URL(siteUrl).origin);
      await popup
        .getByRole('heading', { name: `Permitir que ${producerOrigin} use sua conta para comprar?` })
        .waitFor();
      fullToken = (await popup.evaluate(() => localStorage.getItem('plateia:token'))) ?? '';
      // The account carries personal data for the page to (not) find.
      const userId = await popup.evaluate(() => JSON.parse(localStorage.getItem('plateia:user') ?? '{}').id);
      const edit = await fetch(`${apiUrl}/customer/edit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fullToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: userId, ...PERSONAL }),
      });
      expect(edit.status).toBe(200);
    });
    expect(fullToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The reservation goes on by itself, and PIX pays it.
    await checkout.getByRole('heading', { name: 'Pagamento' }).waitFor();
    const order = await lastCheckoutStart(page);
    expect(order.totalCents).toBeGreaterThan(0);
    await payWithSandboxPix(context, checkout);

    // The customer's personal data, read with the full token (as the storefront would).
    const me = (await fetch(`${apiUrl}/customer/me`, {
      headers: { authorization: `Bearer ${fullToken}` },
    }).then((response) => response.json())) as { data: Record<string, unknown> };
    const personal = [...Object.keys(PERSONAL), 'user', 'namel'].map((field) => String(me.data[field] ?? ''));
    expect(personal).toEqual([...Object.values(PERSONAL), DEMO_CUSTOMER.email, 'Mendes']);

    const log = await hostileLog(page);
    const everything = JSON.stringify(log);
    expect(log.fetches.length).toBeGreaterThan(0);
    expect(log.storage.length).toBeGreaterThan(0);
    expect(everything).not.toContain(DEMO_CUSTOMER.password);
    expect(everything).not.toContain(fullToken);
    for (const value of personal) expect(everything, value).not.toContain(value);
    // The popup was out of reach.
    // Only the popup's first, empty document (about:blank, the page's own origin until the
    // storefront loads, which a slow machine lets a 100 ms peek catch) was ever readable.
    expect(
      log.popupReads.every((read) => read.startsWith('bloqueado') || read.startsWith('about:blank ')),
    ).toBe(true);

    // What the page did get: a scoped token, refused for the profile and the tickets.
    const embedToken = /"authorization","Bearer ([A-Za-z0-9_-]{43})"/.exec(log.fetches.join('\n'))?.[1] ?? '';
    expect(embedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(embedToken).not.toBe(fullToken);
    for (const path of ['/customer/me', '/tickets', '/customer/sessions']) {
      const refused = await fetch(`${apiUrl}${path}`, {
        headers: { authorization: `Bearer ${embedToken}`, origin: producerOrigin },
      });
      expect(refused.status, path).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Este acesso do site parceiro não permite esta operação. Entre pela Plateia.',
      );
    }
    // Nor from any other origin, even on the routes it may call.
    const elsewhere = await fetch(`${apiUrl}/auth/session`, {
      headers: { authorization: `Bearer ${embedToken}`, origin: 'http://evil.example' },
    });
    expect(elsewhere.status).toBe(401);

    // The ticket is the customer's.
    const sold = await ownedSeatTicket(apiUrl, fullToken, {
      eventId: THEATRE.id,
      row: ROW.label,
      number: '1',
    });
    expect(sold?.status).toBe('valid');
    await context.close();
  });

  it('signs in with Google inside the popup, and the page hears only { id, firstName }', async () => {
    const { producerPageUrl, siteUrl, oidcUrl } = stack();
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(`${producerPageUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Produtora Cerrado Vivo' }).waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __logins: unknown[] };
      w.__logins = [];
      document.addEventListener('plateia-login', (event) => w.__logins.push((event as CustomEvent).detail));
      document.dispatchEvent(new CustomEvent('plateia-login-open', { detail: {} }));
    });
    const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Entrar com a Plateia' }).click(),
    ]);
    // Google runs in a window of the popup's own: the provider's pages send
    // Cross-Origin-Opener-Policy: same-origin, which would cut the popup from the page had it
    // gone there itself.
    const [google] = await Promise.all([
      context.waitForEvent('page'),
      popup
        .getByRole('dialog', { name: 'Acessar Conta' })
        .getByRole('button', { name: 'Fazer Login com Google' })
        .click(),
    ]);
    await popup.getByRole('status').filter({ hasText: 'Continue na janela do Google.' }).waitFor();
    await google.waitForURL(`${oidcUrl}/**`);
    // The provider's policy did cut this window's opener (what the popup is kept from).
    expect(await google.evaluate(() => window.opener === null)).toBe(true);
    const email = uniqueEmail('popup-google');
    await google.getByLabel('E-mail').fill(email);
    // The Google window signs in on the storefront and closes itself.
    await Promise.all([
      google.waitForEvent('close'),
      google.getByRole('button', { name: 'Continuar' }).click(),
    ]);
    // The popup never left its page: it heard of the login through the stored session,
    // and still has its opener, origin and nonce.
    expect(popup.url()).toMatch(new RegExp(`^${siteUrl}/conta/conectar\\?`));
    await popup.getByRole('dialog', { name: 'Acessar Conta' }).waitFor({ state: 'hidden' });
    await Promise.all([
      popup.waitForEvent('close'),
      popup.getByRole('button', { name: 'Permitir', exact: true }).click(),
    ]);
    await dialog.waitFor({ state: 'hidden' });
    const logins = await page.evaluate(() => (window as unknown as { __logins: unknown[] }).__logins);
    expect(logins).toEqual([{ id: expect.any(Number), firstName: expect.any(String) }]);
    expect(JSON.stringify(logins)).not.toContain(email);
    expect(await page.evaluate(() => ({ ...localStorage, ...sessionStorage }))).not.toHaveProperty(
      'plateia:token',
    );
    await context.close();
  });

  it('the popup page refuses, saying why, when no page opened it or its address is malformed', async () => {
    const { producerPageUrl, siteUrl } = stack();
    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    const origin = encodeURIComponent(new URL(producerPageUrl).origin);
    await page.goto(`${siteUrl}/conta/conectar?origin=${origin}&nonce=${'a'.repeat(32)}`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Esta página só funciona aberta pelo botão Entrar de um site parceiro.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Permitir', exact: true }).count()).toBe(0);
    await page.goto(`${siteUrl}/conta/conectar?origin=${origin}/loja&nonce=xyz`);
    await page.getByRole('alert').filter({ hasText: 'Endereço de conexão inválido.' }).waitFor();
    await context.close();
  });
});
