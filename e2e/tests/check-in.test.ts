import { randomUUID } from 'node:crypto';
import { md5 } from '@plateia/core/crypto/md5';
import {
  base64UrlToBytes,
  deriveTicketSecret,
  encodeTicketPayload,
  ticketCodeAt,
} from '@plateia/core/rules/ticket-code';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, stack, uniqueEmail } from '../support/browser.ts';
import { DEMO_CUSTOMER, FESTIVAL, logInFromHeader } from '../support/shopping.ts';

const PRODUCER = { email: 'produtor@plateia.dev', password: 'plateia123' } as const;
const FRIEND = { email: 'joao.pereira@plateia.dev', password: 'plateia123' } as const;

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${stack().apiUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Logs in the way the storefront's dialog does (getsalt, then md5(salt + password)). */
async function logInByApi(account: { email: string; password: string }): Promise<string> {
  const uuid = randomUUID();
  const email = encodeURIComponent(account.email);
  const { msg: salt } = await api<{ msg: string }>('POST', `/getsalt/${email}/${uuid}`, null);
  const digest = md5(salt + account.password);
  const { token } = await api<{ token: string }>(
    'POST',
    `/login/${email}/${digest}/${uuid}/${encodeURIComponent(salt)}`,
    null,
  );
  return token;
}

/** The QR text the holder's page shows right now. */
async function holderPayload(eventKey: string, ticketId: number, holderVersion: number): Promise<string> {
  const secret = await deriveTicketSecret(base64UrlToBytes(eventKey), ticketId, holderVersion);
  return encodeTicketPayload({ ticketId, holderVersion, code: ticketCodeAt(secret, Date.now()) });
}

async function scan(page: Page, text: string): Promise<{ verdict: string | null; text: string }> {
  const result = page.getByTestId('check-in-result');
  const field = page.getByLabel('Código do ingresso');
  await field.fill(text);
  await page.getByRole('button', { name: 'Validar' }).click();
  // The field empties once the scan is decided.
  await expect.poll(() => field.inputValue()).toBe('');
  return {
    verdict: await result.getAttribute('data-verdict'),
    text: ((await result.textContent()) ?? '').trim(),
  };
}

describe('door check-in in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let producerToken: string;
  let ticketTypeId: number;
  let eventKey: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    producerToken = await logInByApi(PRODUCER);
    const event = await api<{ ticketTypes?: { id: number; numbered?: boolean }[]; lots?: { id: number }[] }>(
      'GET',
      `/events/${FESTIVAL.id}`,
      null,
    );
    const lots = (event.ticketTypes ?? event.lots ?? []) as { id: number; numbered?: boolean }[];
    ticketTypeId = lots.find((lot) => !lot.numbered)!.id;
    eventKey = (
      await api<{ eventKey: string }>(
        'GET',
        `/check-in/events/${FESTIVAL.id}/manifest?limit=1`,
        producerToken,
      )
    ).eventKey;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  const courtesy = async (email: string) =>
    (
      await api<{ tickets: { id: number }[] }>('POST', '/ticket/courtesy', producerToken, {
        eventId: FESTIVAL.id,
        ticketTypeId,
        recipientInfo: { email },
        quantity: 1,
      })
    ).tickets[0]!.id;

  async function openScanner(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await logInFromHeader(page, PRODUCER);
    // Producers reach the scanner from their account menu.
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    await page
      .getByRole('menu', { name: 'Minha conta' })
      .getByRole('menuitem', { name: 'Check-in na portaria' })
      .click();
    await page.waitForURL('**/produtor/check-in');
    await page.goto(`/produtor/check-in/${FESTIVAL.id}`);
    await page.locator('.check-in[data-ready="true"]').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('check-in-tickets').textContent()))
      .toBeGreaterThan(0);
    return { context, page };
  }

  it('two scanners offline both admit one ticket; after reconnecting the conflict report shows it', async () => {
    const ticketId = await courtesy(uniqueEmail('portaria'));
    const north = await openScanner();
    const south = await openScanner();
    await expect.poll(() => north.page.getByTestId('check-in-tickets').textContent()).not.toBe('0');

    // The signal drops at the door.
    await north.context.setOffline(true);
    await south.context.setOffline(true);
    for (const { page } of [north, south]) {
      await expect
        .poll(() => page.getByTestId('check-in-connection').getAttribute('data-online'))
        .toBe('false');
    }

    const payload = await holderPayload(eventKey, ticketId, 1);
    expect(await scan(north.page, payload)).toMatchObject({ verdict: 'admitted' });
    expect((await scan(north.page, payload)).text).toContain('Ingresso já utilizado');
    expect((await scan(south.page, payload)).verdict).toBe('admitted');
    expect((await scan(south.page, 'PLT1.1.1.12')).text).toContain('Código não reconhecido');
    expect(await north.page.getByTestId('check-in-queued').textContent()).toBe('2');
    expect(await south.page.getByTestId('check-in-queued').textContent()).toBe('2');
    // No request left either page while offline: both decided with their encrypted manifests.
    expect(await north.page.getByTestId('check-in-result').textContent()).toContain(
      'decidido neste aparelho',
    );

    // The signal comes back: both upload their queues.
    await north.context.setOffline(false);
    await south.context.setOffline(false);
    for (const { page } of [north, south]) {
      await expect.poll(() => page.getByTestId('check-in-queued').textContent()).toBe('0');
    }
    await north.page.getByRole('button', { name: 'Atualizar relatório' }).click();
    const conflict = north.page.getByTestId('check-in-report').locator(`li[data-ticket-id="${ticketId}"]`);
    await conflict.waitFor();
    expect(await conflict.locator('li').count()).toBe(2);
    expect(await conflict.textContent()).toContain(`Ingresso #${ticketId}`);
    const devices = await conflict.locator('li').allTextContents();
    expect(devices.every((line) => line.includes('offline'))).toBe(true);
    expect(new Set(devices.map((line) => line.split('aparelho ')[1])).size).toBe(2);

    // Online again, the server decides: the ticket is used.
    const online = await scan(south.page, await holderPayload(eventKey, ticketId, 1));
    expect(online.verdict).toBe('already_used');
    expect(online.text).toContain('decidido pelo servidor');
  });

  it('reopens with no signal from its cache and the encrypted vault, which holds no readable manifest', async () => {
    const ticketId = await courtesy(uniqueEmail('reabre'));
    const door = await openScanner();
    await door.page.locator('.check-in[data-offline-ready="true"]').waitFor();
    const atRest = await door.page.evaluate(async (eventId) => {
      const request = <T>(run: () => IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          const pending = run();
          pending.onsuccess = () => resolve(pending.result);
          pending.onerror = () => reject(pending.error);
        });
      const db = await request(() => indexedDB.open('plateia:check-in'));
      const store = () => db.transaction('vault').objectStore('vault');
      const key = (await request(() => store().get('vault-key'))) as CryptoKey;
      const sealed = (await request(() => store().get(`value:manifest:${eventId}`))) as { data: ArrayBuffer };
      const exported = await crypto.subtle.exportKey('raw', key).then(
        () => 'exported',
        () => 'refused',
      );
      const text = new TextDecoder('latin1').decode(sealed.data);
      return {
        extractable: key.extractable,
        exported,
        bytes: sealed.data.byteLength,
        plain: text.includes('Festival'),
      };
    }, FESTIVAL.id);
    expect(atRest).toMatchObject({ extractable: false, exported: 'refused', plain: false });
    expect(atRest.bytes).toBeGreaterThan(100);

    await door.context.setOffline(true);
    const reopened = await door.page.reload();
    expect(reopened?.fromServiceWorker()).toBe(true);
    await door.page.locator('.check-in[data-ready="true"]').waitFor();
    expect(await door.page.getByTestId('check-in-connection').getAttribute('data-online')).toBe('false');
    // The network really is gone: a page the worker does not keep cannot be fetched.
    expect(
      await door.page.evaluate(() =>
        fetch('/').then(
          () => 'fetched',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    expect(Number(await door.page.getByTestId('check-in-tickets').textContent())).toBeGreaterThan(0);
    expect((await scan(door.page, await holderPayload(eventKey, ticketId, 1))).verdict).toBe('admitted');
    // Another reload with no signal keeps the queued scan and the admission.
    await door.page.reload();
    await door.page.locator('.check-in[data-ready="true"]').waitFor();
    expect(await door.page.getByTestId('check-in-queued').textContent()).toBe('1');
    expect((await scan(door.page, await holderPayload(eventKey, ticketId, 1))).verdict).toBe('already_used');
    await door.context.setOffline(false);
    await expect.poll(() => door.page.getByTestId('check-in-queued').textContent()).toBe('0');
  });

  it("refuses a transferred ticket's old code once it knows, and reports an old code a stale scanner let in", async () => {
    const ticketId = await courtesy(DEMO_CUSTOMER.email);
    // This scanner synced before the ticket changed hands, then lost its signal.
    const stale = await openScanner();
    await stale.context.setOffline(true);
    await expect
      .poll(() => stale.page.getByTestId('check-in-connection').getAttribute('data-online'))
      .toBe('false');

    const holderToken = await logInByApi(DEMO_CUSTOMER);
    const { transfer } = await api<{ transfer: { id: number } }>(
      'POST',
      `/tickets/${ticketId}/transfer`,
      holderToken,
      {
        email: FRIEND.email,
      },
    );
    const oldCode = await holderPayload(eventKey, ticketId, 1);
    await api('POST', `/tickets/transfers/${transfer.id}/accept`, await logInByApi(FRIEND));

    // A scanner that synced after the transfer refuses the old code, even offline.
    const door = await openScanner();
    await door.context.setOffline(true);
    await expect
      .poll(() => door.page.getByTestId('check-in-connection').getAttribute('data-online'))
      .toBe('false');
    const refused = await scan(door.page, oldCode);
    expect(refused.verdict).toBe('old_code');
    expect(refused.text).toContain('Código antigo: este ingresso mudou de titular');
    expect((await scan(door.page, await holderPayload(eventKey, ticketId, 2))).verdict).toBe('admitted');
    // The stale scanner cannot know: it lets the old code in.
    expect((await scan(stale.page, await holderPayload(eventKey, ticketId, 1))).verdict).toBe('admitted');

    for (const { context, page } of [door, stale]) {
      await context.setOffline(false);
      await expect.poll(() => page.getByTestId('check-in-queued').textContent()).toBe('0');
    }
    await door.page.getByRole('button', { name: 'Atualizar relatório' }).click();
    const flagged = door.page.getByTestId('check-in-stale').locator(`li[data-ticket-id="${ticketId}"]`);
    await flagged.waitFor();
    expect(await flagged.textContent()).toContain('código da versão 1 (atual 2)');
    await door.page
      .getByTestId('check-in-report')
      .locator(`li[data-ticket-id="${ticketId}"]`)
      .first()
      .waitFor();
  });
});
