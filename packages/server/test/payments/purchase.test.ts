import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectRows } from '../../src/db/sql.ts';
import { festivalInput, theatreInput } from '../catalogue/fixtures.ts';
import { createCustomer as createAccount } from '../support/accounts.ts';
import { type PaymentsHarness, startPaymentsHarness, tokenize } from './support.ts';

interface TicketView {
  holderEmail: string;
  event: { name: string };
  ticketType: { name: string };
  seat: { section: string; row: string; number: string } | null;
  order: { id: number; number: string } | null;
}

/**
 * Whole purchases through HTTP only, as a storefront or a curl script would do them:
 * log in, find the event, (hold seats,) reserve, pay, find the tickets in the account.
 */
describe('purchase end to end over HTTP', () => {
  let h: PaymentsHarness;
  let festivalSlug: string;
  let theatreId: number;

  beforeAll(async () => {
    h = await startPaymentsHarness();
    festivalSlug = 'festival-e2e';
    await createEvent(h.database.db, festivalInput(festivalSlug));
    theatreId = (await createEvent(h.database.db, theatreInput('teatro-e2e'))).id;
  });
  afterAll(() => h.close());

  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${h.apiUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field
      body: (await res.json()) as Record<string, any>,
    };
  };

  /** The spec's login: salt first, then md5(salt + password) in the path. */
  const login = async (email: string, password: string) => {
    const uuid = randomUUID();
    const salt = (await api('POST', `/getsalt/${encodeURIComponent(email)}/${uuid}`)).body.msg as string;
    const res = await api(
      'POST',
      `/login/${encodeURIComponent(email)}/${passwordDigest(salt, password)}/${uuid}/${salt}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.data.id as number, token: res.body.token as string };
  };

  it('buys general admission with PIX via "Simular pagamento"; tickets reach the entered e-mails', async () => {
    await createAccount(h.database.db, {
      email: 'compradora@plateia.dev',
      password: 'plateia123',
      namef: 'Ana',
    });
    await createAccount(h.database.db, { email: 'amigo@plateia.dev', password: 'plateia123' });
    await createAccount(h.database.db, {
      email: 'naoverificado@plateia.dev',
      password: 'x',
      verified: false,
    });
    const buyer = await login('compradora@plateia.dev', 'plateia123');

    const events = await api('GET', `/events?slug=${festivalSlug}`);
    const event = events.body.data[0];
    const detail = (await api('GET', `/events/${event.id}`)).body;
    const lotId = (detail.ticketTypes as { id: number; name: string }[]).find(
      (t) => t.name === 'Camarote',
    )!.id;

    const reserved = await api('POST', '/cart/reserve', buyer.token, {
      user: buyer.id,
      event_id: event.id,
      products: [],
      tickets: [
        {
          tk_id: lotId,
          tk_qtd: 4,
          holder_emails: [
            'compradora@plateia.dev',
            'AMIGO@plateia.dev',
            'convidada@exemplo.com',
            'naoverificado@plateia.dev',
          ],
        },
      ],
      cupom: 'PLATEIA10',
      sessionId: randomUUID(),
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const order = reserved.body.order;
    expect(order.discountCents).toBeGreaterThan(0);

    const pix = await api('POST', '/payments/pix', buyer.token, { orderId: order.id });
    expect(pix.status).toBe(200);
    expect(pix.body.amount).toBe(order.totalCents);
    // The sandbox page, then its button, exactly as a person would use them.
    const page = await (await fetch(pix.body.simulateUrl)).text();
    expect(page).toContain('Simular pagamento');
    const click = await fetch(`${pix.body.simulateUrl}/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(click.status).toBe(303);

    const status = await api('GET', `/payments/${order.id}/status`, buyer.token);
    expect(status.body.status).toBe('paid');
    // The coupon use counted by the reservation stays counted once, now for a paid order.
    const [coupon] = await selectRows<{ used: number }>(
      h.database.db,
      sql`SELECT used FROM coupons WHERE event_id = ${event.id} AND code = 'PLATEIA10'`,
    );
    expect(Number(coupon?.used)).toBe(1);

    const mine = (await api('GET', '/tickets', buyer.token)).body.tickets as TicketView[];
    expect(mine.map((t) => t.holderEmail)).toEqual(['compradora@plateia.dev']);
    expect(mine[0]).toMatchObject({ event: { name: 'Festival de Teste' }, ticketType: { name: 'Camarote' } });
    expect(mine[0]?.order?.number).toBe(order.number);

    const friend = await login('amigo@plateia.dev', 'plateia123');
    const friends = (await api('GET', '/tickets', friend.token)).body.tickets as TicketView[];
    expect(friends.map((t) => t.holderEmail)).toEqual(['amigo@plateia.dev']);

    // No account yet for convidada@exemplo.com: the ticket waits for it.
    const guest = await createAccount(h.database.db, {
      email: 'convidada@exemplo.com',
      password: 'segredo1',
    });
    const guestTickets = (await api('GET', '/tickets', guest.token)).body.tickets as TicketView[];
    expect(guestTickets).toHaveLength(1);

    // An unverified account does not receive it until it verifies its e-mail.
    const [pending] = await selectRows<{ customer_id: number | null }>(
      h.database.db,
      sql`SELECT customer_id FROM tickets WHERE holder_email = 'naoverificado@plateia.dev'`,
    );
    expect(pending?.customer_id).toBeNull();

    const sent = h.mailer.sent.map((m) => m.to);
    expect(sent).toContain('compradora@plateia.dev');
    expect(sent).toContain('convidada@exemplo.com');
    expect(h.mailer.sent.find((m) => m.to === 'convidada@exemplo.com')?.text).toContain('Crie sua conta');
  });

  it('buys a numbered seat by card: seat sold, ticket lists section, row and number', async () => {
    await createAccount(h.database.db, { email: 'plateia-a@plateia.dev', password: 'plateia123' });
    const buyer = await login('plateia-a@plateia.dev', 'plateia123');
    const [seat] = await selectRows<{ id: number; type_id: number }>(
      h.database.db,
      sql`SELECT s.id, tt.id AS type_id FROM seats s JOIN ticket_types tt ON tt.section_id = s.section_id
          WHERE s.event_id = ${theatreId} AND s.table_id IS NULL ORDER BY s.id, tt.price_cents DESC LIMIT 1`,
    );
    const sessionId = randomUUID();
    const hold = await api('POST', '/seat/hold', buyer.token, {
      eventId: theatreId,
      seatIds: [seat!.id],
      holdSeconds: 600,
      sessionId,
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    const reserved = await api('POST', '/cart/reserve', buyer.token, {
      user: 'plateia-a@plateia.dev',
      event_id: theatreId,
      products: [],
      tickets: [{ tk_id: seat!.type_id, tk_qtd: 1, seat_id: seat!.id }],
      sessionId,
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const order = reserved.body.order;

    const config = await api('GET', `/payments/card/config?amount=${order.totalCents}`);
    const option = config.body.installments.at(-1);
    const token = await tokenize(h.gateway, 'APRO TESTE');
    const paid = await api('POST', '/payments/card', buyer.token, {
      orderId: order.id,
      token,
      installments: option.installments,
      idempotencyKey: randomUUID(),
    });
    expect(paid.body).toMatchObject({ status: 'approved', installmentLabel: option.label });

    const [state] = await selectRows<{ state: string; held_by: string | null }>(
      h.database.db,
      sql`SELECT state, held_by FROM seats WHERE id = ${seat!.id}`,
    );
    expect(state).toEqual({ state: 'sold', held_by: null });
    const tickets = (await api('GET', '/tickets', buyer.token)).body.tickets as TicketView[];
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.seat).toMatchObject({ section: 'Plateia A', row: 'A' });
    expect(tickets[0]?.event.name).toBe('Peça de Teste');

    // Another buyer can no longer get that seat.
    await createAccount(h.database.db, { email: 'atrasado@plateia.dev', password: 'plateia123' });
    const late = await login('atrasado@plateia.dev', 'plateia123');
    const taken = await api('POST', '/seat/hold', late.token, {
      eventId: theatreId,
      seatIds: [seat!.id],
      holdSeconds: 600,
      sessionId: randomUUID(),
    });
    expect(taken.status).toBe(409);
  });

  it('lists tickets only for a logged-in customer', async () => {
    expect((await api('GET', '/tickets')).status).toBe(401);
  });
});
