import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, stack } from '../support/browser.ts';
import { logInThroughPopup } from '../support/embed-login.ts';
import {
  APPROVED_CARD,
  addChosenSeatByKeyboard,
  chooseSeatByKeyboard,
  lastCheckoutStart,
  ownedSeatTicket,
  recordCheckoutStarts,
  THEATRE,
} from '../support/shopping.ts';

// A row of "Plateia A" no other test file takes.
const ROW = { steps: 11, label: 'K' };
// A CVV that appears nowhere else in what the page sees (the sandbox takes any 3 digits).
const CVV = '918';

/**
 * What a hostile producer page runs before anything else (it owns its page): it records
 * every key and input event it can hear (capturing, so shadow DOM fields are heard too), wraps
 * `fetch` and `postMessage` traffic, replaces the sandbox gateway's tokeniser global with
 * its own, tries to read the card frame's document, and dumps storage and cookies.
 */
const HOSTILE_SCRIPT = `
(() => {
  const log = { typed: '', inputs: [], fetches: [], messages: [], tokenizerCalls: [], storage: [], frameReads: [] };
  window.__hostile = log;
  for (const type of ['keydown', 'keypress', 'keyup']) {
    document.addEventListener(type, (event) => { if (type === 'keydown') log.typed += event.key; }, true);
  }
  for (const type of ['input', 'change', 'paste', 'beforeinput']) {
    document.addEventListener(type, (event) => {
      const field = event.composedPath()[0];
      log.inputs.push(type + ':' + (field && 'value' in field ? String(field.value) : ''));
    }, true);
  }
  window.addEventListener('message', (event) => log.messages.push(event.origin + ' ' + JSON.stringify(event.data)), true);
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (input instanceof Request) input.clone().text().then((body) => log.fetches.push(input.url + ' ' + body), () => {});
    else log.fetches.push(String(input) + ' ' + String(init?.body ?? ''));
    return realFetch(input, init);
  };
  const fake = { tokenize: async (card) => { log.tokenizerCalls.push(JSON.stringify(card)); return { token: 'tok_hostil' }; } };
  Object.defineProperty(window, 'PlateiaSandboxCard', { configurable: true, get: () => fake, set: () => {} });
  const dump = () => {
    const all = (store) => { const out = {}; for (let i = 0; i < store.length; i++) { const key = store.key(i); out[key] = store.getItem(key); } return out; };
    log.storage.push(JSON.stringify({ local: all(localStorage), session: all(sessionStorage), cookie: document.cookie }));
    const walk = (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.tagName === 'IFRAME') {
          try { log.frameReads.push(element.contentDocument ? element.contentDocument.body.innerText : 'sem acesso'); }
          catch (error) { log.frameReads.push('bloqueado: ' + error.name); }
        }
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
  };
  setInterval(dump, 100);
  window.__hostileDump = dump;
})();
`;

describe('a hostile producer page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('never gets the card number or CVV, and the purchase by card still completes', async () => {
    const { producerPageUrl, siteUrl, apiUrl } = stack();
    expect(new URL(producerPageUrl).origin).not.toBe(new URL(siteUrl).origin);
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The producer's own script, run before any other on its page (and only there: the
    // storefront's frame is not the producer's to script).
    await page.addInitScript(
      `if (location.origin === ${JSON.stringify(new URL(producerPageUrl).origin)}) {${HOSTILE_SCRIPT}}`,
    );
    await recordCheckoutStarts(page);
    const frameResponses: { url: string; headers: Record<string, string> }[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${siteUrl}/pagamento/cartao`))
        frameResponses.push({ url: response.url(), headers: response.headers() });
    });
    await page.goto(`${producerPageUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Produtora Cerrado Vivo' }).waitFor();
    expect(await page.evaluate(() => typeof (window as unknown as { __hostile?: unknown }).__hostile)).toBe(
      'object',
    );

    // A seat in the seat picker, then the checkout section of the page.
    const picker = page.locator('plateia-seat-picker');
    await chooseSeatByKeyboard(page, picker, ROW.steps);
    await addChosenSeatByKeyboard(page, picker);
    const bar = page.locator('plateia-cart-bar');
    await bar.getByRole('button', { name: 'Finalizar Compra' }).click();
    const checkout = page.locator('plateia-checkout');
    await checkout.getByText(`Plateia A, fila ${ROW.label}, assento 1`).waitFor();
    // The hostile listeners do hear what is typed in the page's own fields.
    await checkout.getByLabel('Cupom de desconto').pressSequentially('ESPIAO');
    await checkout.getByLabel('Cupom de desconto').fill('');
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    await logInThroughPopup(context, page);
    await checkout.getByRole('heading', { name: 'Pagamento' }).waitFor();
    const order = await lastCheckoutStart(page);

    // Card: the fields are the storefront's iframe, not the page's.
    await checkout.getByRole('radio', { name: 'Cartão de crédito' }).check();
    const iframe = checkout.locator('iframe[title="Dados do cartão"]');
    await iframe.waitFor();
    const src = new URL((await iframe.getAttribute('src')) ?? '');
    expect(src.origin).toBe(new URL(siteUrl).origin);
    expect(src.pathname).toBe('/pagamento/cartao');
    expect(src.searchParams.get('origin')).toBe(new URL(producerPageUrl).origin);
    expect(await checkout.getByLabel('Número do cartão').count()).toBe(0);
    expect(await checkout.getByLabel('CVV').count()).toBe(0);

    const frame = iframe.contentFrame();
    // The buyer types, key by key, in the frame.
    await frame.getByLabel('Número do cartão').pressSequentially(APPROVED_CARD.number);
    await frame.getByLabel('Nome impresso no cartão').pressSequentially(APPROVED_CARD.holder);
    await frame.getByLabel('Validade (MM/AA)').pressSequentially(APPROVED_CARD.expiry);
    await frame.getByLabel('CVV').pressSequentially(CVV);
    const installments = checkout.getByRole('combobox', { name: 'Parcelas' });
    const threeTimes = await installments.locator('option', { hasText: /^3x de R\$ / }).textContent();
    await installments.selectOption({ label: threeTimes ?? '' });
    await checkout.getByRole('button', { name: /^Pagar R\$ / }).click();
    await checkout.getByRole('heading', { name: 'Compra confirmada!' }).waitFor({ timeout: 20_000 });

    // The frame page may be framed (frame-ancestors, development: any page) and nothing else.
    expect(frameResponses.length).toBeGreaterThan(0);
    expect(frameResponses[0]?.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors \*($|;)/);
    expect(frameResponses[0]?.headers['x-frame-options']).toBeUndefined();

    // What the hostile page gathered: no card number, no CVV, in any form.
    await page.evaluate(() => (window as unknown as { __hostileDump: () => void }).__hostileDump());
    const log = await page.evaluate(
      () =>
        (window as unknown as { __hostile: Record<string, unknown> }).__hostile as {
          typed: string;
          inputs: string[];
          fetches: string[];
          messages: string[];
          tokenizerCalls: string[];
          storage: string[];
          frameReads: string[];
        },
    );
    // Its listeners work: they heard the coupon typed in the page, and the token traffic.
    expect(log.typed).toContain('ESPIAO');
    expect(log.inputs.some((entry) => entry.includes('ESPIAO'))).toBe(true);
    expect(log.fetches.some((entry) => entry.includes('/payments/card ') && entry.includes('"token"'))).toBe(
      true,
    );
    expect(log.frameReads.length).toBeGreaterThan(0);
    expect(log.frameReads.every((entry) => !entry.includes(APPROVED_CARD.number))).toBe(true);
    // Its tokeniser was never asked: the gateway's runs in the frame.
    expect(log.tokenizerCalls).toEqual([]);
    const everything = JSON.stringify(log);
    const last4 = APPROVED_CARD.number.slice(-4);
    for (const secret of [APPROVED_CARD.number, APPROVED_CARD.number.slice(0, 8), `"${CVV}"`, `:${CVV}`]) {
      expect(everything).not.toContain(secret);
    }
    expect(log.typed).not.toContain(CVV);
    expect(log.typed).not.toContain(last4);
    // Nor is it anywhere in the page's DOM, light or shadow.
    const pageText = await page.evaluate(() => {
      const parts: string[] = [document.documentElement.outerHTML];
      const walk = (root: Document | ShadowRoot) => {
        for (const element of root.querySelectorAll('*')) {
          if (element.shadowRoot) {
            parts.push(element.shadowRoot.innerHTML);
            walk(element.shadowRoot);
          }
        }
      };
      walk(document);
      return parts.join('\n');
    });
    expect(pageText).not.toContain(APPROVED_CARD.number);

    // The purchase is real: the order is paid by card and the seat is the buyer's.
    // The customer's session: on the storefront's origin (popup login), or the page's.
    const storefront = await context.newPage();
    await storefront.goto(`${siteUrl}/`);
    const token =
      (await storefront.evaluate(() => localStorage.getItem('plateia:token'))) ??
      (await page.evaluate(() => localStorage.getItem('plateia:token')));
    expect(token).toBeTruthy();
    const status = (await fetch(`${apiUrl}/payments/${order.orderId}/status`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((response) => response.json())) as { status: string };
    expect(status.status).toBe('paid');
    const sold = await ownedSeatTicket(apiUrl, token, {
      eventId: THEATRE.id,
      section: 'Plateia A',
      row: ROW.label,
      number: '1',
    });
    expect(sold?.status).toBe('valid');
    await context.close();
  });

  it('the card frame works only framed, and it is the only storefront page others may frame', async () => {
    const { siteUrl, producerPageUrl } = stack();
    const framePage = `${siteUrl}/pagamento/cartao?origin=${encodeURIComponent(new URL(producerPageUrl).origin)}&nonce=${'ab'.repeat(16)}`;
    const frameHeaders = (await fetch(framePage)).headers;
    const homeHeaders = (await fetch(`${siteUrl}/`)).headers;
    // Inside the page's whole Content-Security-Policy (docs/security.md).
    expect(frameHeaders.get('content-security-policy')).toMatch(/(^|; )frame-ancestors \*($|;)/);
    expect(frameHeaders.get('x-frame-options')).toBeNull();
    expect(homeHeaders.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(homeHeaders.get('content-security-policy')).toMatch(/(^|; )frame-ancestors 'self'($|;)/);

    const context = await browser.newContext({ locale: 'pt-BR' });
    const page = await context.newPage();
    await page.goto(framePage);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Esta página só funciona dentro do checkout da Plateia.' })
      .waitFor();
    expect(await page.getByLabel('Número do cartão').count()).toBe(0);
    await context.close();
  });
});
