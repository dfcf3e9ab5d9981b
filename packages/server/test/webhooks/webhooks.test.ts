import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, selectRows } from '../../src/db/sql.ts';
import { deliverWebhook } from '../../src/webhooks/delivery.ts';
import { checkEndpointUrl } from '../../src/webhooks/endpoints.ts';
import { isInternalAddress } from '../../src/webhooks/target.ts';
import { organisationEvent, paidOrder } from '../api-tokens/sales.ts';
import { call, createTeam, type Team } from '../api-tokens/team.ts';
import { runDueJobs } from '../jobs/support.ts';
import { nonce, ticketPayload } from '../routes/check-in/fixtures.ts';
import { createCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './receiver.ts';

const WEBHOOK_JOBS = { names: ['webhooks.dispatch', 'webhooks.deliver'], scheduled: true };

describe('webhooks', () => {
  let t: TestApp;
  let team: Team;
  let receiver: WebhookReceiver;
  let event: { id: number; lotIds: number[] };
  let endpoint: { id: number; secret: string };

  const url = (path = '') => `/organisations/${team.organisationId}/webhooks${path}`;
  const deliveriesUrl = (query = '') => `/organisations/${team.organisationId}/webhook-deliveries${query}`;
  /** What the receiver got, verified by the Standard Webhooks library with the endpoint's secret. */
  const verified = (index: number) => {
    const got = receiver.received[index]!;
    return new Webhook(endpoint.secret).verify(got.body, got.headers as Record<string, string>) as {
      type: string;
      data: Record<string, Record<string, unknown>>;
    };
  };
  const deliveries = async () =>
    (await call(t.app, 'GET', deliveriesUrl(), team.manager)).json().deliveries as {
      id: number;
      messageId: string;
      type: string;
      status: string;
      attempts: { attempt: number; statusCode: number | null; manual: boolean; durationMs: number }[];
    }[];

  beforeAll(async () => {
    t = await createTestApp({ webhooksAllowPrivateAddresses: true });
    team = await createTeam(t, 'webhooks');
    receiver = await startWebhookReceiver();
    event = await organisationEvent(t, team.organisationId, 'festival-webhooks');
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('lets owners and managers manage endpoints, and shows the signing secret once', async () => {
    const body = {
      url: receiver.url,
      eventTypes: ['order.paid', 'ticket.transferred', 'event.cancelled', 'ticket.refunded'],
    };
    expect((await call(t.app, 'POST', url(), null, body)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url(), team.customer, body)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url(), team.outsider, body)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url(), team.viewer, body)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url(), team.viewer)).statusCode).toBe(403);
    const bad = await call(t.app, 'POST', url(), team.owner, { ...body, eventTypes: ['order.inventado'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Escolha ao menos um evento para o webhook.');

    const created = await call(t.app, 'POST', url(), team.owner, body);
    expect(created.statusCode, created.body).toBe(200);
    endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await call(t.app, 'GET', url(), team.manager);
    expect(listed.json().endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url, enabled: true }),
    ]);
    expect(listed.body).not.toContain(endpoint.secret);

    // A manager switches a second endpoint off; it gets nothing.
    const second = (
      await call(t.app, 'POST', url(), team.manager, {
        url: `${receiver.url}/desligado`,
        eventTypes: ['order.paid'],
      })
    ).json();
    const off = await call(t.app, 'PUT', url(`/${second.id}`), team.manager, { enabled: false });
    expect(off.json().enabled).toBe(false);
    expect(
      (await call(t.app, 'PUT', url(`/${second.id}`), team.outsider, { enabled: true })).statusCode,
    ).toBe(404);
  });

  it('delivers order.paid once, signed the Standard Webhooks way, and logs the attempt', async () => {
    const orderId = await paidOrder(t, team.customer, event.id, event.lotIds[1]!, 2);
    await runDueJobs(t.app, WEBHOOK_JOBS);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const message = verified(0);
    expect(message.type).toBe('order.paid');
    expect(message.data.order).toEqual(
      expect.objectContaining({
        id: orderId,
        eventId: event.id,
        status: 'paid',
        totalCents: expect.any(Number),
      }),
    );
    expect(message.data.order?.tickets).toHaveLength(2);
    // A tampered body fails the same verifier.
    expect(() =>
      new Webhook(endpoint.secret).verify(
        got.body.replace('paid', 'pago'),
        got.headers as Record<string, string>,
      ),
    ).toThrow();

    const [logged] = await deliveries();
    expect(logged).toEqual(
      expect.objectContaining({
        type: 'order.paid',
        status: 'succeeded',
        messageId: got.headers['webhook-id'],
      }),
    );
    expect(logged!.attempts).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, manual: false }),
    ]);
    // Running the jobs again sends nothing more.
    await runDueJobs(t.app, { ...WEBHOOK_JOBS, includeDeferred: true });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a receiver that fails, with the same message id, after its back-off', async () => {
    receiver.answers.push(500);
    const before = receiver.received.length;
    await paidOrder(t, team.customer, event.id, event.lotIds[1]!, 1);
    await runDueJobs(t.app, WEBHOOK_JOBS);
    expect(receiver.received).toHaveLength(before + 1);
    let [latest] = await deliveries();
    expect(latest!.status).toBe('pending');
    expect(latest!.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 500 })]);
    // The retry waits out its back-off, then the receiver takes it.
    await runDueJobs(t.app, WEBHOOK_JOBS);
    expect(receiver.received).toHaveLength(before + 1);
    await runDueJobs(t.app, { ...WEBHOOK_JOBS, includeDeferred: true });
    expect(receiver.received).toHaveLength(before + 2);
    expect(receiver.received[before + 1]!.headers['webhook-id']).toBe(
      receiver.received[before]!.headers['webhook-id'],
    );
    expect(verified(before + 1).type).toBe('order.paid');
    [latest] = await deliveries();
    expect(latest!.status).toBe('succeeded');
    expect(latest!.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [2, 200],
      [1, 500],
    ]);
  });

  it('redelivers on an owner’s or a manager’s request, not a viewer’s', async () => {
    const [latest] = await deliveries();
    const redeliver = (who: Parameters<typeof call>[3], id = latest!.id) =>
      call(t.app, 'POST', deliveriesUrl(`/${id}/redeliver`), who);
    expect((await redeliver(team.viewer)).statusCode).toBe(403);
    expect((await redeliver(team.outsider)).statusCode).toBe(404);
    expect((await redeliver(team.manager, 999_999)).statusCode).toBe(404);
    const queued = await redeliver(team.manager);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().message).toBe('Reenvio agendado.');
    const before = receiver.received.length;
    await runDueJobs(t.app, WEBHOOK_JOBS);
    expect(receiver.received).toHaveLength(before + 1);
    expect(receiver.received[before]!.headers['webhook-id']).toBe(latest!.messageId);
    const [again] = await deliveries();
    expect(again!.attempts[0]).toEqual(
      expect.objectContaining({ attempt: 3, statusCode: 200, manual: true }),
    );
  });

  it('tells of a ticket admitted at the door', async () => {
    const patched = await call(t.app, 'PUT', url(`/${endpoint.id}`), team.owner, {
      eventTypes: [
        'order.paid',
        'ticket.transferred',
        'event.changed',
        'event.cancelled',
        'ticket.refunded',
        'ticket.checked_in',
      ],
    });
    expect(patched.json().eventTypes).toContain('ticket.checked_in');
    const door = await organisationEvent(t, team.organisationId, 'festival-porta');
    // Door day: the event starts in an hour, so its doors are open (docs/check-in.md).
    const startsAt = new Date(Date.now() + 3_600_000);
    await execute(
      t.database.db,
      sql`UPDATE events SET starts_at = ${startsAt}, ends_at = ${new Date(startsAt.getTime() + 36_000_000)}
           WHERE id = ${door.id}`,
    );
    const orderId = await paidOrder(t, team.customer, door.id, door.lotIds[1]!, 1);
    const [ticket] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${orderId}`,
    );
    const payload = await ticketPayload(t.database.db, { eventId: door.id, id: ticket!.id }, new Date());
    const scanned = await call(t.app, 'POST', `/check-in/events/${door.id}/scan`, team.owner, {
      nonce: nonce(),
      deviceId: 'porta-principal',
      payload,
    });
    expect(scanned.json().verdict, scanned.body).toBe('admitted');
    const before = receiver.received.length;
    await runDueJobs(t.app, WEBHOOK_JOBS);
    const types = receiver.received.slice(before).map((_, index) => verified(before + index));
    expect(types.map((message) => message.type).sort()).toEqual(['order.paid', 'ticket.checked_in']);
    expect(types.find((message) => message.type === 'ticket.checked_in')?.data.ticket).toEqual(
      expect.objectContaining({ id: ticket!.id, status: 'used' }),
    );
  });

  it('tells of transfers and of a cancelled event with its refunds', async () => {
    const holder = await createCustomer(t.database.db, { email: 'titular@example.com' });
    const friend = await createCustomer(t.database.db, { email: 'amiga@example.com' });
    const orderId = await paidOrder(t, holder, event.id, event.lotIds[2]!, 1);
    const [ticket] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM tickets WHERE order_id = ${orderId}`,
    );
    const transfer = await call(t.app, 'POST', `/tickets/${ticket!.id}/transfer`, holder, {
      email: friend.email,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const accepted = await call(
      t.app,
      'POST',
      `/tickets/transfers/${transfer.json().transfer.id}/accept`,
      friend,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A new venue marks the published event changed (docs/producers.md).
    const edited = await call(t.app, 'PUT', `/events/${event.id}/manage`, team.manager, {
      name: 'Festival de Teste',
      venue: 'Arena Nova',
      city: 'São Paulo',
      startsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * 86_400_000 + 36_000_000).toISOString(),
    });
    expect(edited.json().changed, edited.body).toBe(true);
    const cancelled = await call(t.app, 'POST', `/events/${event.id}/cancel`, team.owner);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const before = receiver.received.length;
    await runDueJobs(t.app, { names: ['refunds.cancel-event', ...WEBHOOK_JOBS.names], scheduled: true });
    const types = receiver.received.slice(before).map((_, index) => verified(before + index));
    const transferred = types.find((message) => message.type === 'ticket.transferred');
    expect(transferred?.data.ticket).toEqual(
      expect.objectContaining({ id: ticket!.id, holderEmail: friend.email }),
    );
    expect(types.find((message) => message.type === 'event.changed')?.data.event).toEqual(
      expect.objectContaining({ id: event.id, status: 'published' }),
    );
    expect(types.find((message) => message.type === 'event.cancelled')?.data.event).toEqual(
      expect.objectContaining({ id: event.id, status: 'cancelled' }),
    );
    expect(types.some((message) => message.type === 'ticket.refunded')).toBe(true);
    // The switched-off endpoint got nothing, ever.
    expect(receiver.received.every((got) => !got.headers.host?.includes('desligado'))).toBe(true);
  });
});

describe('webhook targets', () => {
  it('refuses internal addresses unless private targets are allowed', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '200.147.67.142', '2804:14c::1']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
    for (const raw of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://localhost/x',
      'https://user:pw@example.com/',
      'ftp://example.com',
    ]) {
      expect(() => checkEndpointUrl(raw, false), raw).toThrow();
    }
    expect(checkEndpointUrl('https://hooks.produtora.com.br/plateia', false)).toBe(
      'https://hooks.produtora.com.br/plateia',
    );
    expect(checkEndpointUrl('http://127.0.0.1:8080/hook', true)).toBe('http://127.0.0.1:8080/hook');
  });

  it('never connects to an internal address in production settings, even when the name resolves to one', async () => {
    const t = await createTestApp({ webhooksAllowPrivateAddresses: true });
    const receiver = await startWebhookReceiver();
    try {
      const team = await createTeam(t, 'ssrf');
      const event = await organisationEvent(t, team.organisationId, 'festival-ssrf');
      // Made while allowed (a local receiver), then delivered as production would: refused.
      const local = receiver.url.replace('127.0.0.1', 'localhost');
      for (const target of [receiver.url, local]) {
        const res = await call(t.app, 'POST', `/organisations/${team.organisationId}/webhooks`, team.owner, {
          url: target,
          eventTypes: ['order.paid'],
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await paidOrder(t, team.customer, event.id, event.lotIds[1]!, 1);
      await runDueJobs(t.app, { names: ['webhooks.dispatch'], scheduled: true });
      const rows = await selectRows<{ id: number }>(
        t.database.db,
        sql`SELECT id FROM webhook_deliveries ORDER BY id`,
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        await expect(
          deliverWebhook(t.database.db, Number(row.id), {
            now: () => new Date(),
            allowPrivateAddresses: false,
          }),
        ).rejects.toThrow();
      }
      expect(receiver.received).toHaveLength(0);
      const errors = await selectRows<{ error: string | null; status_code: number | null }>(
        t.database.db,
        sql`SELECT error, status_code FROM webhook_attempts ORDER BY id`,
      );
      expect(errors).toHaveLength(2);
      for (const row of errors) {
        expect(row.status_code).toBeNull();
        expect(row.error).toMatch(/internal address/);
      }
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
