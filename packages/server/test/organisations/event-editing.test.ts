/**
 * Editing, adding lots to and duplicating an organisation's events (docs/producers.md,
 * "Editing an event"), by role: owner, manager, box office, door, viewer, a member of another
 * organisation, a customer and no session.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/sql.ts';
import { addMember } from '../../src/organisations/organisations.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe("editing an organisation's events", () => {
  const clock = testClock();
  let t: TestApp;
  const people: Record<string, TestCustomer> = {};
  let organisationId: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestCustomer | null, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });
  const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
  const details = (overrides: object = {}) => ({
    name: 'Samba no Pátio',
    venue: 'Pátio São Pedro',
    city: 'Recife',
    startsAt: at(30 * DAY),
    endsAt: at(30 * DAY + 5 * HOUR),
    ...overrides,
  });
  async function draft(): Promise<number> {
    const res = await call('POST', `/organisations/${organisationId}/events`, people.owner!, {
      ...details(),
      lots: [
        { name: 'Pista', priceCents: 5_000, quantity: 100 },
        { name: 'Pista', priceCents: 7_000, quantity: 100 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  }

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    const db = t.database.db;
    for (const name of ['owner', 'manager', 'box_office', 'door', 'viewer', 'rival', 'customer']) {
      people[name] = await createCustomer(db, { email: `${name}@example.com` });
    }
    const organisation = (body: object, who: TestCustomer) => call('POST', '/organisations', who, body);
    const data = {
      name: 'Pátio Produções',
      document: '11.222.333/0001-81',
      contactEmail: 'contato@patio.example',
      contactPhone: '81988887777',
    };
    organisationId = (await organisation(data, people.owner!)).json().id;
    expect((await organisation({ ...data, name: 'Rival' }, people.rival!)).statusCode).toBe(200);
    for (const role of ['manager', 'box_office', 'door', 'viewer'] as const) {
      await addMember(db, organisationId, people[role]!.id, role, clock.now());
    }
  });
  afterAll(() => t.close());

  it('lets owners and managers read, edit, add lots and duplicate; the rest get 403, other organisations 404, no session 401', async () => {
    const eventId = await draft();
    const routes = [
      ['GET', `/events/${eventId}/manage`, undefined],
      ['PUT', `/events/${eventId}/manage`, details({ name: 'Samba no Pátio II' })],
      ['POST', `/events/${eventId}/lots`, { name: 'Camarote', priceCents: 20_000, quantity: 10 }],
      ['POST', `/events/${eventId}/duplicate`, {}],
    ] as const;
    const expected: Record<string, number> = {
      owner: 200,
      manager: 200,
      box_office: 403,
      door: 403,
      viewer: 403,
      rival: 404,
      customer: 403,
    };
    for (const [method, url, body] of routes) {
      for (const [who, status] of Object.entries(expected)) {
        const res = await call(method, url, people[who]!, body);
        expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBe(status);
        if (status === 403 && who !== 'customer') {
          expect(res.json().message).toBe('Apenas a equipe da organização pode alterar este evento.');
        }
      }
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    }
    // An unknown event answers like another organisation's.
    expect((await call('GET', '/events/999999/manage', people.owner!)).statusCode).toBe(404);
  });

  it('checks what the producer typed, in pt-BR', async () => {
    const eventId = await draft();
    const cases: [object, string][] = [
      [{ name: ' ' }, 'Informe o nome do evento.'],
      [{ venue: ' ' }, 'Informe o local do evento.'],
      [{ startsAt: at(-DAY) }, 'O evento precisa começar no futuro.'],
      [{ endsAt: at(29 * DAY) }, 'O término precisa ser depois do início.'],
      [{ refundPolicy: 'x'.repeat(2001) }, 'A política de reembolso pode ter até 2.000 caracteres.'],
      [
        { highDemand: { queueOpensAt: at(2 * DAY), saleStartsAt: at(DAY) } },
        'As vendas precisam começar depois que a sala de espera abre.',
      ],
      [
        { highDemand: { queueOpensAt: at(DAY), saleStartsAt: at(40 * DAY) } },
        'As vendas pela fila precisam começar antes do fim do evento.',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('PUT', `/events/${eventId}/manage`, people.manager!, details(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const lot = await call('POST', `/events/${eventId}/lots`, people.owner!, {
      name: 'Pista',
      priceCents: 1000,
      quantity: 5,
      salesStart: at(2 * DAY),
      salesEnd: at(DAY),
    });
    expect(lot.statusCode).toBe(400);
    expect(lot.json().message).toBe('O fim das vendas de um lote precisa ser depois do início.');
  });

  it('keeps what was sold: a new price is the next lot; a new date or venue marks a published event changed', async () => {
    const eventId = await draft();
    expect((await call('POST', `/events/${eventId}/publish`, people.owner!)).statusCode).toBe(200);
    // Someone bought from the first lot.
    await t.database.db.execute(
      sql`UPDATE ticket_types SET sold = 3 WHERE event_id = ${eventId} AND n_number = 1`,
    );
    const policy = 'Reembolso integral até 7 dias após a compra, se faltarem mais de 48 horas para o evento.';
    const renamed = await call('PUT', `/events/${eventId}/manage`, people.manager!, {
      ...details({ name: 'Samba no Pátio — edição de verão' }),
      refundPolicy: policy,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ changed: false, message: 'Alterações salvas.' });
    expect(renamed.json().event).toMatchObject({ status: 'published', refundPolicy: policy });
    // Buyers read the policy on the event's page.
    expect((await call('GET', `/events/${eventId}`, null)).json().refundPolicy).toBe(policy);

    const added = await call('POST', `/events/${eventId}/lots`, people.owner!, {
      name: 'Pista',
      priceCents: 9_000,
      quantity: 50,
      perOrderLimit: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().lot).toMatchObject({
      name: 'Pista',
      lotNumber: 3,
      priceCents: 9_000,
      perOrderLimit: 2,
    });
    const lots = (await call('GET', `/events/${eventId}/manage`, people.owner!)).json().lots;
    expect(
      lots.map((lot: { lotNumber: number; priceCents: number; taken: number }) => [
        lot.lotNumber,
        lot.priceCents,
        lot.taken,
      ]),
    ).toEqual([
      [1, 5_000, 3],
      [2, 7_000, 0],
      [3, 9_000, 0],
    ]);
    // The meia quota grew with the tickets offered: 40% of 250.
    expect((await call('GET', `/events/${eventId}/meia-entrada`, null)).json().total).toBe(100);

    const moved = await call('PUT', `/events/${eventId}/manage`, people.owner!, {
      ...details({ name: 'Samba no Pátio — edição de verão', venue: 'Marco Zero' }),
      refundPolicy: policy,
    });
    expect(moved.json()).toMatchObject({
      changed: true,
      message:
        'Alterações salvas. A data ou o local mudou: o evento aparece como alterado para quem comprou.',
    });
    expect(moved.json().event.status).toBe('changed');
    const list = (await call('GET', `/organisations/${organisationId}/events`, people.viewer!)).json().events;
    expect(list.find((event: { id: number }) => event.id === eventId).status).toBe('changed');
    const changes = await selectRows<{ before: { venue: string }; after: { venue: string } }>(
      t.database.db,
      sql`SELECT before, after FROM event_changes WHERE event_id = ${eventId}`,
    );
    expect(changes.map((change) => [change.before.venue, change.after.venue])).toEqual([
      ['Pátio São Pedro', 'Marco Zero'],
    ]);
  });

  it('turns on the high-demand switch with the waiting room, and locks it once the queue sells', async () => {
    const eventId = await draft();
    const highDemand = { queueOpensAt: at(HOUR), saleStartsAt: at(2 * HOUR) };
    const on = await call('PUT', `/events/${eventId}/manage`, people.owner!, details({ highDemand }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().event.highDemand).toEqual(highDemand);
    expect((await call('POST', `/events/${eventId}/publish`, people.owner!)).statusCode).toBe(200);
    // The waiting room reads the same switch.
    const room = await call('GET', `/queue/${eventId}`, null);
    expect(room.statusCode, room.body).toBe(200);
    clock.advance(3 * HOUR);
    const off = await call(
      'PUT',
      `/events/${eventId}/manage`,
      people.owner!,
      details({ highDemand: null, startsAt: at(27 * DAY), endsAt: at(27 * DAY + HOUR) }),
    );
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(
      'As vendas pela fila virtual já começaram: a alta demanda não pode mais ser alterada.',
    );
  });

  it('copies an event as a new draft with its lots, none sold', async () => {
    const eventId = await draft();
    await call(
      'PUT',
      `/events/${eventId}/manage`,
      people.owner!,
      details({ refundPolicy: 'Sem reembolso após o evento.' }),
    );
    const copy = await call('POST', `/events/${eventId}/duplicate`, people.manager!, {});
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().message).toBe('Cópia criada como rascunho.');
    const copied = (await call('GET', `/events/${copy.json().id}/manage`, people.owner!)).json();
    expect(copied).toMatchObject({
      name: 'Samba no Pátio (cópia)',
      status: 'draft',
      refundPolicy: 'Sem reembolso após o evento.',
      organisationId,
    });
    expect(
      copied.lots.map((lot: { lotNumber: number; priceCents: number; taken: number }) => [
        lot.lotNumber,
        lot.priceCents,
        lot.taken,
      ]),
    ).toEqual([
      [1, 5_000, 0],
      [2, 7_000, 0],
    ]);
  });

  it('refuses to edit a cancelled event', async () => {
    const eventId = await draft();
    expect((await call('POST', `/events/${eventId}/publish`, people.owner!)).statusCode).toBe(200);
    expect((await call('POST', `/events/${eventId}/cancel`, people.owner!, {})).statusCode).toBe(200);
    const res = await call('PUT', `/events/${eventId}/manage`, people.owner!, details());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este evento foi cancelado e não pode mais ser alterado.');
  });
});
