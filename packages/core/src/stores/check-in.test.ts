import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { CheckInManifestPage } from '../contracts/check-in.ts';
import { memoryVaultStorage, openCheckInVault, VAULT_KEY_RECORD } from '../crypto/check-in-vault.ts';
import {
  bytesToBase64Url,
  deriveTicketSecret,
  encodeTicketPayload,
  ticketCodeAt,
} from '../rules/ticket-code.ts';
import { type ApiCall, fakeRoutes, json } from '../test/fake-api.ts';
import {
  $checkIn,
  $checkInHistory,
  $checkInLastScan,
  $checkInReport,
  closeCheckIn,
  loadCheckInReport,
  openCheckIn,
  reconnectCheckIn,
  scanCheckIn,
} from './check-in.ts';

const EVENT = 7;
const EVENT_KEY = new Uint8Array(32).map((_, index) => (index * 13 + 5) & 0xff);
const SERVER_NOW = Date.UTC(2026, 10, 24, 22, 0, 0);
// The scanner's own clock runs 2 minutes slow; the manifest's server time corrects it.
const SCANNER_NOW = SERVER_NOW - 120_000;
const MANIFEST = '/check-in/events/7/manifest';
const SCANS = '/check-in/events/7/scans';

async function payload(ticketId: number, holderVersion = 1, at = SERVER_NOW): Promise<string> {
  const secret = await deriveTicketSecret(EVENT_KEY, ticketId, holderVersion);
  return encodeTicketPayload({ ticketId, holderVersion, code: ticketCodeAt(secret, at) });
}

const page = (
  tickets: CheckInManifestPage['tickets'],
  cursor: string,
  more: boolean,
): CheckInManifestPage => ({
  event: {
    id: EVENT,
    name: 'Festival de Verão',
    startsAt: '2026-12-01T20:00:00.000Z',
    doorsOpenAt: null,
    doorsCloseAt: null,
  },
  eventKey: bytesToBase64Url(EVENT_KEY),
  tickets,
  cursor,
  more,
  serverTime: new Date(SERVER_NOW).toISOString(),
});

describe('check-in store', () => {
  let storage: ReturnType<typeof memoryVaultStorage>;
  let calls: ApiCall[];
  let uploads: unknown[];

  beforeEach(() => {
    storage = memoryVaultStorage();
    uploads = [];
    calls = fakeRoutes({
      [`GET ${MANIFEST}`]: (call) =>
        call.url.searchParams.get('cursor') === 'p1'
          ? json(
              200,
              page(
                [
                  [3, 2, 'valid'],
                  [4, 1, 'refunded'],
                ],
                'p2',
                false,
              ),
            )
          : call.url.searchParams.get('cursor') === 'p2'
            ? json(200, page([[4, 1, 'used']], 'p3', false))
            : json(
                200,
                page(
                  [
                    [1, 1, 'valid'],
                    [2, 1, 'valid'],
                  ],
                  'p1',
                  true,
                ),
              ),
      [`POST ${SCANS}`]: (call) => {
        uploads.push(call.body);
        return json(200, { recorded: (call.body as { scans: unknown[] }).scans.length, duplicates: 0 });
      },
    });
  });
  afterEach(() => {
    closeCheckIn();
    cleanStores($checkIn, $checkInLastScan, $checkInHistory, $checkInReport);
    configureApi({});
  });

  const open = async (online: boolean) =>
    openCheckIn(EVENT, {
      vault: await openCheckInVault(storage),
      deviceId: 'scanner-porta-a',
      online,
      now: () => SCANNER_NOW,
    });

  it('downloads the manifest page by page and keeps it only encrypted', async () => {
    await open(true);
    expect(calls.map((call) => call.url.search)).toEqual(['', '?cursor=p1']);
    expect($checkIn.get()).toMatchObject({
      eventName: 'Festival de Verão',
      ticketCount: 4,
      online: true,
      queued: 0,
    });
    const stored = storage.records.get(`value:manifest:${EVENT}`) as { iv: Uint8Array; data: ArrayBuffer };
    expect(stored.iv).toHaveLength(12);
    const bytes = new TextDecoder('latin1').decode(stored.data);
    expect(bytes).not.toContain('Festival');
    expect(bytes).not.toContain(bytesToBase64Url(EVENT_KEY));
    const key = storage.records.get(VAULT_KEY_RECORD) as CryptoKey;
    expect(key.extractable).toBe(false);
    await expect(globalThis.crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('decides offline with the stored manifest, the corrected clock, and queues every scan', async () => {
    await open(true);
    closeCheckIn();
    // No signal at the door: the scanner reopens from the vault alone.
    await open(false);
    const before = calls.length;
    expect($checkIn.get()).toMatchObject({ ticketCount: 4, online: false });

    expect(await scanCheckIn(await payload(1))).toMatchObject({
      verdict: 'admitted',
      admitted: true,
      mode: 'offline',
    });
    expect((await scanCheckIn(await payload(1)))?.verdict).toBe('already_used');
    expect((await scanCheckIn(await payload(3, 1)))?.verdict).toBe('old_code');
    expect((await scanCheckIn(await payload(4)))?.message).toBe('Ingresso reembolsado');
    expect((await scanCheckIn('PLT1.99.1.123456'))?.verdict).toBe('wrong_event');
    // A code from the scanner's own (slow) clock is two steps old by the server's.
    expect((await scanCheckIn(await payload(2, 1, SCANNER_NOW)))?.verdict).toBe('invalid_code');
    expect(calls.length).toBe(before);
    expect($checkIn.get().queued).toBe(6);
    expect($checkInHistory.get().map((scan) => scan.verdict)).toEqual([
      'invalid_code',
      'wrong_event',
      'refunded',
      'old_code',
      'already_used',
      'admitted',
    ]);

    // A reload keeps the queue and what this scanner admitted.
    closeCheckIn();
    await open(false);
    expect($checkIn.get().queued).toBe(6);
    expect((await scanCheckIn(await payload(1)))?.verdict).toBe('already_used');
  });

  it('uploads the queue on reconnect, once, and keeps it when the upload fails', async () => {
    await open(true);
    closeCheckIn();
    await open(false);
    await scanCheckIn(await payload(2));
    await scanCheckIn('lixo');
    configureApi({
      baseUrl: 'https://api.test',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await reconnectCheckIn();
    expect($checkIn.get()).toMatchObject({ online: false, queued: 2 });
    expect(uploads).toEqual([]);

    calls = fakeRoutes({
      [`POST ${SCANS}`]: (call) => {
        uploads.push(call.body);
        return json(200, { recorded: 2, duplicates: 0 });
      },
      [`GET ${MANIFEST}`]: () => json(200, page([[2, 1, 'used']], 'p9', false)),
    });
    await reconnectCheckIn();
    expect($checkIn.get()).toMatchObject({ online: true, queued: 0 });
    expect(uploads).toHaveLength(1);
    const sentScans = (uploads[0] as { deviceId: string; scans: Record<string, unknown>[] }).scans;
    expect((uploads[0] as { deviceId: string }).deviceId).toBe('scanner-porta-a');
    expect(sentScans).toEqual([
      {
        nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
        ticketId: 2,
        holderVersion: 1,
        verdict: 'admitted',
        // The code scanned travels with the admission: the server checks it again.
        code: (await payload(2)).split('.')[3],
        scannedAt: new Date(SERVER_NOW).toISOString(),
      },
      {
        nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
        verdict: 'unreadable',
        scannedAt: new Date(SERVER_NOW).toISOString(),
      },
    ]);
    await reconnectCheckIn();
    expect(uploads).toHaveLength(1);
  });

  it('lets the server decide online and falls back to the manifest under the same nonce', async () => {
    await open(true);
    const online: ApiCall[] = [];
    let reachable = true;
    calls = fakeRoutes({
      'POST /check-in/events/7/scan': (call) => {
        online.push(call);
        if (!reachable) throw new TypeError('Failed to fetch');
        return json(200, {
          verdict: 'already_used',
          admitted: false,
          message: 'Ingresso já utilizado',
          ticketId: 2,
          holderVersion: 1,
          duplicate: false,
          ticket: { id: 2, holderVersion: 1, status: 'used' },
        });
      },
    });
    expect(await scanCheckIn(await payload(2))).toMatchObject({ verdict: 'already_used', mode: 'online' });
    reachable = false;
    const fallback = await scanCheckIn(await payload(1));
    expect(fallback).toMatchObject({ verdict: 'admitted', mode: 'offline' });
    expect($checkIn.get()).toMatchObject({ online: false, queued: 1 });
    const queued = await (await openCheckInVault(storage)).read<{ scans: { nonce: string }[] }>(
      `queue:${EVENT}`,
    );
    expect(queued?.scans[0]?.nonce).toBe((online[1]?.body as { nonce?: string } | undefined)?.nonce);
    expect(queued?.scans[0]?.nonce).toMatch(/^[0-9a-f-]{36}$/);
    // The server's answer about ticket 2 reached the manifest too.
    expect((await scanCheckIn(await payload(2)))?.verdict).toBe('already_used');
  });

  it('loads the conflict report', async () => {
    await open(false);
    fakeRoutes({
      'GET /check-in/events/7/conflicts': () =>
        json(200, {
          staleAdmissions: [],
          totals: { admitted: 3 },
          admittedTickets: 2,
          conflicts: [{ ticketId: 1, holderEmail: null, ticketType: 'Pista', scans: [] }],
        }),
    });
    expect((await loadCheckInReport())?.conflicts[0]?.ticketId).toBe(1);
    expect($checkInReport.get()?.admittedTickets).toBe(2);
  });
});
