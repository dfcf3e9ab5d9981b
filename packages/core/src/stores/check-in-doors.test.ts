import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { CheckInManifestPage } from '../contracts/check-in.ts';
import { memoryVaultStorage, openCheckInVault } from '../crypto/check-in-vault.ts';
import {
  bytesToBase64Url,
  deriveTicketSecret,
  encodeTicketPayload,
  ticketCodeAt,
} from '../rules/ticket-code.ts';
import { fakeRoutes, json } from '../test/fake-api.ts';
import {
  $checkIn,
  $checkInRefused,
  closeCheckIn,
  goOfflineCheckIn,
  openCheckIn,
  reconnectCheckIn,
  scanCheckIn,
} from './check-in.ts';

const EVENT = 9;
const EVENT_KEY = new Uint8Array(32).map((_, index) => (index * 7 + 3) & 0xff);
const NOW = Date.UTC(2026, 10, 24, 22, 0, 0);
const HOUR = 3_600_000;

async function payload(ticketId: number): Promise<string> {
  const secret = await deriveTicketSecret(EVENT_KEY, ticketId, 1);
  return encodeTicketPayload({ ticketId, holderVersion: 1, code: ticketCodeAt(secret, NOW) });
}

const manifest = (doorsOpenAt: string | null): CheckInManifestPage => ({
  event: {
    id: EVENT,
    name: 'Festival de Verão',
    startsAt: new Date(NOW + 30 * 24 * HOUR).toISOString(),
    doorsOpenAt,
    doorsCloseAt: doorsOpenAt ? new Date(NOW + 40 * 24 * HOUR).toISOString() : null,
  },
  eventKey: bytesToBase64Url(EVENT_KEY),
  tickets: [
    [1, 1, 'valid'],
    [2, 1, 'valid'],
  ],
  cursor: 'c1',
  more: false,
  serverTime: new Date(NOW).toISOString(),
});

describe('check-in store: the door window and what the server refused', () => {
  afterEach(() => {
    closeCheckIn();
    cleanStores($checkIn, $checkInRefused);
    configureApi({});
  });

  it('refuses offline outside the door window, and queues an admission with its code', async () => {
    const uploads: { scans: Record<string, unknown>[] }[] = [];
    let doors: string | null = new Date(NOW + 29 * 24 * HOUR).toISOString();
    fakeRoutes({
      [`GET /check-in/events/${EVENT}/manifest`]: () => json(200, manifest(doors)),
      [`POST /check-in/events/${EVENT}/scans`]: (call) => {
        const body = call.body as { scans: Record<string, unknown>[] };
        uploads.push(body);
        // The server refuses the admission (as if its code were wrong).
        const admitted = body.scans.filter((scan) => scan.verdict === 'admitted');
        return json(200, {
          recorded: body.scans.length,
          duplicates: 0,
          refused: admitted.map((scan) => ({
            nonce: scan.nonce,
            ticketId: scan.ticketId,
            reason: 'invalid_code',
            message: 'Código recusado',
          })),
        });
      },
    });
    const vault = await openCheckInVault(memoryVaultStorage());
    await openCheckIn(EVENT, { vault, deviceId: 'scanner-portas', online: true, now: () => NOW });
    goOfflineCheckIn();
    expect(await scanCheckIn(await payload(1))).toMatchObject({
      verdict: 'door_closed',
      admitted: false,
      message: 'Fora do horário de entrada do evento',
    });

    // Doors open (the next sync says so): the admission is queued with the code scanned.
    doors = new Date(NOW - HOUR).toISOString();
    await reconnectCheckIn();
    goOfflineCheckIn();
    const text = await payload(2);
    expect((await scanCheckIn(text))?.verdict).toBe('admitted');
    await reconnectCheckIn();
    const sent = uploads.at(-1)!.scans.find((scan) => scan.ticketId === 2);
    expect(sent).toMatchObject({ verdict: 'admitted', code: text.split('.')[3] });
    // What the server did not count is kept for the page, in pt-BR.
    expect($checkInRefused.get()).toEqual([
      { nonce: sent!.nonce, ticketId: 2, reason: 'invalid_code', message: 'Código recusado' },
    ]);
  });
});
