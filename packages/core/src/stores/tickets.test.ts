// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { MyTicket, TicketCodeKey } from '../contracts/tickets.ts';
import { TRANSFER_MESSAGES } from '../messages/tickets.ts';
import { bytesToBase64Url, deriveTicketSecret, ticketCodeAt } from '../rules/ticket-code.ts';
import { type ApiAnswer, fakeApi, fakeRoutes, json, sent } from '../test/fake-api.ts';
import { $user } from './session.ts';
import { memoryTicketVault } from './ticket-vault.ts';
import { guardTicketVault, TICKET_VAULT_OWNER_KEY } from './ticket-vault-guard.ts';
import {
  $myTickets,
  $ticketClockOffset,
  $ticketCodeKeys,
  $ticketsSource,
  $ticketTransfers,
  acceptTicketTransfer,
  configureTicketsStore,
  loadMyTickets,
  ticketCodeFrame,
  transferTicket,
} from './tickets.ts';
import { $toasts, clearToasts } from './toasts.ts';

const ticket = (id: number): MyTicket => ({
  id,
  status: 'valid',
  holderVersion: 2,
  holderEmail: 'ana@x.com',
  priceCents: 10_000,
  courtesy: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  event: {
    id: 3,
    slug: 'festival',
    name: 'Festival',
    venue: 'Parque',
    city: 'SP',
    image: '',
    startsAt: '2027-01-01T20:00:00.000Z',
  },
  ticketType: { id: 4, name: 'Pista', nNumber: 1 },
  seat: null,
  order: null,
  transfer: null,
});

let secret: Uint8Array;
const key = (): TicketCodeKey => ({
  ticketId: 7,
  eventId: 3,
  holderVersion: 2,
  secret: bytesToBase64Url(secret),
  stepSeconds: 15,
  digits: 6,
  window: 1,
});

describe('tickets store', () => {
  let local = 1_800_000_000_000;
  let vault: ReturnType<typeof memoryTicketVault>;

  const online = (serverTime: number): Record<string, ApiAnswer> => ({
    'GET /tickets': () => json(200, { tickets: [ticket(7)] }),
    'GET /tickets/code-keys': () => {
      local += 200; // the round trip takes 200 ms each way
      return json(200, { keys: [key()], serverTime });
    },
    'GET /tickets/transfers': () => json(200, { outgoing: [], incoming: [] }),
  });

  beforeEach(async () => {
    secret = await deriveTicketSecret(new Uint8Array(32).fill(9), 7, 2);
    local = 1_800_000_000_000;
    vault = memoryTicketVault();
    configureTicketsStore({ vault, now: () => local });
    $user.set({ id: 1, user: 'ana@x.com' } as never);
  });
  afterEach(() => {
    cleanStores($myTickets, $ticketCodeKeys, $ticketClockOffset, $ticketsSource, $ticketTransfers);
    configureApi({});
    clearToasts();
    $user.set(null);
  });

  it('loads tickets and keys, keeps the server clock offset and writes the vault', async () => {
    fakeRoutes(online(1_800_000_005_100));
    expect(await loadMyTickets()).toBe('online');
    expect($myTickets.get().map((t) => t.id)).toEqual([7]);
    // Sent at local 1_800_000_000_000, back at +200: the server's 5_100 is read at the middle (+100).
    expect($ticketClockOffset.get()).toBe(5_000);
    expect(vault.record).toMatchObject({ ownerId: '1', clockOffsetMs: 5_000, keys: [key()] });

    const frame = ticketCodeFrame(7);
    const serverNow = local + 5_000;
    expect(frame?.code).toBe(ticketCodeAt(secret, serverNow));
    expect(frame?.payload).toBe(`PLT1.7.2.${ticketCodeAt(secret, serverNow)}`);
    expect(ticketCodeFrame(8)).toBeNull();
  });

  it('renders from the vault without a network, and the code moves with the clock', async () => {
    fakeRoutes(online(1_800_000_005_100));
    await loadMyTickets();
    cleanStores($myTickets, $ticketCodeKeys, $ticketClockOffset);
    fakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await loadMyTickets()).toBe('offline');
    expect($ticketsSource.get()).toBe('offline');
    expect($ticketClockOffset.get()).toBe(5_000);
    const first = ticketCodeFrame(7);
    local += 15_000;
    const next = ticketCodeFrame(7);
    expect(next?.step).toBe((first?.step ?? 0) + 1);
    expect(next?.code).toBe(ticketCodeAt(secret, local + 5_000));
  });

  it('does not show another account\u2019s vault offline', async () => {
    fakeRoutes(online(1_800_000_000_000));
    await loadMyTickets();
    $user.set({ id: 2, user: 'bruno@x.com' } as never);
    cleanStores($myTickets, $ticketCodeKeys);
    fakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadMyTickets()).rejects.toThrow();
    expect($ticketsSource.get()).toBe('error');
    expect($myTickets.get()).toEqual([]);
  });

  it('transfers after checking the address, with the server\u2019s message on refusal', async () => {
    const calls = fakeRoutes({
      ...online(1_800_000_000_000),
      'POST /tickets/7/transfer': () =>
        json(409, { error: 'pending', message: 'Este ingresso já tem uma transferência pendente.' }),
      'POST /tickets/transfers/5/accept': () => json(200, { transfer: { id: 5 } }),
    });
    expect(await transferTicket(7, '  ')).toBe(false);
    expect($toasts.get().at(-1)?.message).toBe(TRANSFER_MESSAGES.emailRequired);
    expect(await transferTicket(7, 'nao-e-email')).toBe(false);
    expect(calls).toHaveLength(0);
    expect(await transferTicket(7, ' bruno@x.com ')).toBe(false);
    expect(calls.map(sent)[0]).toEqual({
      method: 'POST',
      path: '/tickets/7/transfer',
      body: { email: 'bruno@x.com' },
    });
    expect($toasts.get().at(-1)?.message).toBe('Este ingresso já tem uma transferência pendente.');
    expect(await acceptTicketTransfer(5)).toBe(true);
    expect($toasts.get().at(-1)?.message).toBe(TRANSFER_MESSAGES.accepted);
    // Each action reloads the list.
    expect(calls.filter((call) => call.path === '/tickets').length).toBe(2);
  });

  it('wipes the vault at sign-out and when another account logs in', async () => {
    let wipes = 0;
    localStorage.setItem(TICKET_VAULT_OWNER_KEY, '1');
    const stop = guardTicketVault(async () => {
      wipes++;
    });
    expect(wipes).toBe(0);
    $user.set({ id: 2, user: 'bruno@x.com' } as never);
    expect(wipes).toBe(1);
    $user.set(null);
    expect(wipes).toBe(2);
    localStorage.removeItem(TICKET_VAULT_OWNER_KEY);
    $user.set({ id: 3, user: 'carla@x.com' } as never);
    expect(wipes).toBe(2);
    stop();
  });
});
