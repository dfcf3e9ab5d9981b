import { configureApi } from '@plateia/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fetchMyTickets,
  groupTicketsByEvent,
  MY_TICKETS_LOAD_FAILED,
  type MyTicket,
  seatLabel,
  ticketStatusLabel,
} from './my-tickets.ts';

const ticket = (id: number, eventId: number, startsAt: string, fields: Partial<MyTicket> = {}): MyTicket => ({
  id,
  status: 'valid',
  holderVersion: 1,
  holderEmail: 'cliente@plateia.dev',
  priceCents: 12000,
  courtesy: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  event: {
    id: eventId,
    slug: `e${eventId}`,
    name: `Evento ${eventId}`,
    venue: 'Local',
    city: 'Cidade',
    image: '',
    startsAt,
  },
  ticketType: { id: 1, name: 'Pista', nNumber: 1 },
  seat: null,
  order: { id: 9, number: 'PL-9', paidAt: '2026-11-01T12:05:00.000Z' },
  transfer: null,
  ...fields,
});

afterEach(() => configureApi({}));

describe('groupTicketsByEvent', () => {
  it('puts upcoming events first (soonest first), then past ones (latest first)', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    const groups = groupTicketsByEvent(
      [
        ticket(1, 10, '2026-12-31T21:00:00Z'),
        ticket(2, 20, '2026-09-22T16:00:00Z'),
        ticket(3, 30, '2026-12-03T20:00:00Z'),
        ticket(4, 10, '2026-12-31T21:00:00Z'),
        ticket(5, 40, '2026-10-01T16:00:00Z'),
      ],
      now,
    );
    expect(groups.map((group) => group.event.id)).toEqual([30, 10, 40, 20]);
    expect(groups[1]?.tickets.map((t) => t.id)).toEqual([1, 4]);
    expect(groups.map((group) => group.isPast)).toEqual([false, false, true, true]);
  });
});

describe('labels', () => {
  it('names statuses in pt-BR', () => {
    expect(ticketStatusLabel('valid')).toBe('Válido');
    expect(ticketStatusLabel('used')).toBe('Utilizado');
    expect(ticketStatusLabel('transferred')).toBe('Transferido');
    expect(ticketStatusLabel('pending_transfer')).toBe('Transferência pendente');
    expect(ticketStatusLabel('listed')).toBe('Anunciado para revenda');
    expect(ticketStatusLabel('refunded')).toBe('Reembolsado');
  });

  it('describes seats and tables, and nothing for general admission', () => {
    expect(seatLabel({ id: 1, section: 'Plateia A', row: 'C', number: '12', table: null })).toBe(
      'Plateia A · Fila C · Assento 12',
    );
    expect(seatLabel({ id: 2, section: 'Mesas', row: '', number: '3', table: 'Mesa 4' })).toBe(
      'Mesas · Mesa 4',
    );
    expect(seatLabel(null)).toBeNull();
  });
});

describe('fetchMyTickets', () => {
  it('reads the tickets list from GET /tickets', async () => {
    const seen: string[] = [];
    configureApi({
      baseUrl: 'http://api.test',
      fetch: async (input) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return Response.json({ tickets: [ticket(1, 10, '2026-12-31T21:00:00Z')] });
      },
    });
    const tickets = await fetchMyTickets();
    expect(seen).toEqual(['http://api.test/tickets']);
    expect(tickets.map((t) => t.id)).toEqual([1]);
  });

  it('fails with a pt-BR message when the API host cannot answer', async () => {
    configureApi({ baseUrl: 'http://api.test', fetch: async () => new Response('', { status: 403 }) });
    await expect(fetchMyTickets()).rejects.toThrow(MY_TICKETS_LOAD_FAILED);
  });
});
