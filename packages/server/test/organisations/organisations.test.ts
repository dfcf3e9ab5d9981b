import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne } from '../../src/db/sql.ts';
import { INVITATIONS_PER_ADDRESS_PER_DAY } from '../../src/organisations/invitations.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { testClock } from '../support/clock.ts';
import { mailTo } from '../support/mailbox.ts';

const VALID = {
  name: 'Bia Produções',
  document: '11.222.333/0001-81',
  contactEmail: 'contato@biaproducoes.example',
  contactPhone: '(11) 98888-7777',
};

describe('organisations and their teams', () => {
  const clock = testClock();
  let t: TestApp;
  let owner: TestCustomer;
  let organisationId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: TestCustomer | null,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });

  /** Invites `email` as `role` and answers the token from the e-mail's link. */
  async function invite(by: TestCustomer, email: string, role: string): Promise<string> {
    const res = await call('POST', `/organisations/${organisationId}/invitations`, by, { email, role });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailTo(t.database.db, email);
    const link = mail?.text.match(/https?:\/\/\S+\/produtor\/convite#([A-Za-z0-9_-]+)/);
    if (!link) throw new Error(`no invitation link in: ${mail?.text}`);
    return link[1]!;
  }

  /** A verified account that joined the organisation with `role` through an invitation. */
  async function member(email: string, role: string): Promise<TestCustomer> {
    const token = await invite(owner, email, role);
    const customer = await createCustomer(t.database.db, { email });
    const res = await call('POST', '/organisation-invitations/accept', customer, { token });
    expect(res.statusCode, res.body).toBe(200);
    return customer;
  }

  beforeAll(async () => {
    t = await createTestApp({ siteUrl: 'http://loja.test' }, { clock: clock.now });
    owner = await createCustomer(t.database.db, { email: 'bia@example.com' });
    const res = await call('POST', '/organisations', owner, VALID);
    expect(res.statusCode, res.body).toBe(200);
    organisationId = res.json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a verified account create an organisation, as its owner, and checks what it types', async () => {
    // Its creator is a producer now: the header's "Área do Produtor" follows `isadmin`.
    expect((await call('GET', '/customer/me', owner)).json().data.isadmin).toBe('1');
    expect((await call('GET', '/organisations', owner)).json()).toEqual({
      organisations: [
        {
          id: organisationId,
          name: 'Bia Produções',
          document: '11222333000181',
          contactEmail: 'contato@biaproducoes.example',
          contactPhone: '(11) 98888-7777',
          role: 'owner',
        },
      ],
    });
    const unverified = await createCustomer(t.database.db, { email: 'novo@example.com', verified: false });
    const refused = await call('POST', '/organisations', unverified, VALID);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Confirme seu e-mail antes de criar uma organização.');
    const badDocument = await call('POST', '/organisations', owner, {
      ...VALID,
      document: '11.222.333/0001-82',
    });
    expect(badDocument.statusCode).toBe(400);
    expect(badDocument.json().message).toBe('Informe um CPF ou CNPJ válido.');
    const noPhone = await call('POST', '/organisations', owner, { ...VALID, contactPhone: '9888-7777' });
    expect(noPhone.json().message).toBe('Informe um telefone com DDD.');
    expect((await call('POST', '/organisations', null, VALID)).statusCode).toBe(401);
  });

  it('hides an organisation from anyone outside it, and lets only the owner edit it', async () => {
    const outsider = await createCustomer(t.database.db, { email: 'fora@example.com' });
    for (const res of [
      await call('GET', `/organisations/${organisationId}`, outsider),
      await call('PUT', `/organisations/${organisationId}`, outsider, VALID),
      await call('GET', `/organisations/${organisationId}/members`, outsider),
      await call('GET', `/organisations/${organisationId + 1000}`, owner),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Organização não encontrada.');
    }
    const manager = await member('gerente@example.com', 'manager');
    expect((await call('GET', `/organisations/${organisationId}`, manager)).json().role).toBe('manager');
    expect((await call('PUT', `/organisations/${organisationId}`, manager, VALID)).statusCode).toBe(403);
    const renamed = await call('PUT', `/organisations/${organisationId}`, owner, {
      ...VALID,
      name: 'Bia Eventos',
    });
    expect(renamed.json().name).toBe('Bia Eventos');
  });

  it('accepts an invitation only from the invited, verified address, once, before it expires', async () => {
    const token = await invite(owner, 'Porteiro@Example.com', 'door');
    const [mail] = await mailTo(t.database.db, 'porteiro@example.com');
    expect(mail?.subject).toBe('Convite para uma equipe de produtores na Plateia');
    expect(mail?.text).toContain('com o papel Portaria');
    const stranger = await createCustomer(t.database.db, { email: 'curioso@example.com' });
    const wrong = await call('POST', '/organisation-invitations/accept', stranger, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      'Este convite foi enviado para outro e-mail. Entre com a conta desse e-mail para aceitá-lo.',
    );
    const porter = await createCustomer(t.database.db, { email: 'porteiro@example.com', verified: false });
    expect((await call('POST', '/organisation-invitations/accept', porter, { token })).json().message).toBe(
      'Confirme seu e-mail antes de aceitar o convite.',
    );
    await t.database.db.execute(sql`UPDATE customers SET email_verified_at = now() WHERE id = ${porter.id}`);
    const preview = await call('POST', '/organisation-invitations/preview', porter, { token });
    expect(preview.json()).toMatchObject({
      organisationName: 'Bia Eventos',
      role: 'door',
      email: 'porteiro@example.com',
    });
    const accepted = await call('POST', '/organisation-invitations/accept', porter, { token });
    expect(accepted.json()).toMatchObject({ success: true, organisationId, role: 'door' });
    expect((await call('POST', '/organisation-invitations/accept', porter, { token })).statusCode).toBe(404);

    const late = await invite(owner, 'tarde@example.com', 'viewer');
    const tardy = await createCustomer(t.database.db, { email: 'tarde@example.com' });
    clock.advance(8 * 24 * 60 * 60 * 1000);
    const expired = await call('POST', '/organisation-invitations/accept', tardy, { token: late });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('Convite não encontrado ou expirado.');
  });

  it('keeps owners to owners: a manager neither invites, promotes nor removes one', async () => {
    const manager = await member('gerente2@example.com', 'manager');
    const invite = await call('POST', `/organisations/${organisationId}/invitations`, manager, {
      email: 'socio@example.com',
      role: 'owner',
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().message).toBe(
      'Somente um proprietário pode convidar, alterar ou remover proprietários.',
    );
    const promote = await call('PUT', `/organisations/${organisationId}/members/${manager.id}`, manager, {
      role: 'owner',
    });
    expect(promote.statusCode).toBe(403);
    expect(
      (await call('DELETE', `/organisations/${organisationId}/members/${owner.id}`, manager)).statusCode,
    ).toBe(403);
    const viewer = await member('leitor@example.com', 'viewer');
    expect((await call('GET', `/organisations/${organisationId}/members`, viewer)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/organisations/${organisationId}/members/${viewer.id}`, manager, { role: 'door' }))
        .statusCode,
    ).toBe(200);
    const roles = (await call('GET', `/organisations/${organisationId}/members`, manager)).json().members;
    expect(roles[0]).toMatchObject({ customerId: owner.id, role: 'owner' });
    expect(roles.find((m: { customerId: number }) => m.customerId === viewer.id).role).toBe('door');
  });

  it('never leaves an organisation without an owner', async () => {
    const last = await call('DELETE', `/organisations/${organisationId}/members/${owner.id}`, owner);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('A organização precisa de pelo menos um proprietário.');
    expect(
      (await call('PUT', `/organisations/${organisationId}/members/${owner.id}`, owner, { role: 'manager' }))
        .statusCode,
    ).toBe(409);
    // Two owners demoting each other at once: one stays.
    const partner = await member('socia@example.com', 'owner');
    const answers = await Promise.all([
      call('PUT', `/organisations/${organisationId}/members/${partner.id}`, owner, { role: 'viewer' }),
      call('PUT', `/organisations/${organisationId}/members/${owner.id}`, partner, { role: 'viewer' }),
    ]);
    // The second, under the team's lock, finds its own role already changed (403) or itself
    // the last owner (409).
    const [first, second] = answers.map((res) => res.statusCode).sort();
    expect(first).toBe(200);
    expect([403, 409]).toContain(second);
    const owners = await selectOne<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM organisation_members WHERE organisation_id = ${organisationId} AND role = 'owner'`,
    );
    expect(owners?.n).toBe(1);
    // Whoever was demoted is promoted back by the remaining owner, for the tests after this one.
    const demoted = answers[0]!.statusCode === 200 ? partner : owner;
    const remaining = demoted === owner ? partner : owner;
    await call('PUT', `/organisations/${organisationId}/members/${demoted.id}`, remaining, { role: 'owner' });
  });

  it('limits the invitations one address receives in a day', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= INVITATIONS_PER_ADDRESS_PER_DAY; i++) {
      const res = await call('POST', `/organisations/${organisationId}/invitations`, owner, {
        email: 'alvo@example.com',
        role: 'viewer',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(INVITATIONS_PER_ADDRESS_PER_DAY).fill(200), 429]);
    // Inviting again replaced the open invitation: one is listed.
    const open = (await call('GET', `/organisations/${organisationId}/invitations`, owner)).json()
      .invitations;
    expect(open.filter((i: { email: string }) => i.email === 'alvo@example.com')).toHaveLength(1);
  });

  it("gives each role its powers on the organisation's events, and removal ends them at once", async () => {
    const event = await createEvent(t.database.db, { ...festivalInput('festival-equipe'), organisationId });
    const lotId = event.lotIds[0]!;
    const boxOffice = await member('bilheteria@example.com', 'box_office');
    const door = await member('portaria@example.com', 'door');
    const viewer = await member('visual@example.com', 'viewer');
    const manager = await member('gerente3@example.com', 'manager');
    const rival = await createCustomer(t.database.db, { email: 'rival@example.com' });
    expect((await call('POST', '/organisations', rival, { ...VALID, name: 'Rival' })).statusCode).toBe(200);
    const customer = await createCustomer(t.database.db, { email: 'cliente@example.com' });

    const courtesy = (who: TestCustomer) =>
      call('POST', '/ticket/courtesy', who, {
        eventId: event.id,
        ticketTypeId: lotId,
        recipientInfo: { email: 'convidado@example.com' },
        quantity: 1,
      });
    const manifest = (who: TestCustomer) => call('GET', `/check-in/events/${event.id}/manifest`, who);
    const meia = (who: TestCustomer) =>
      call('PUT', `/events/${event.id}/meia-entrada`, who, { percentBps: 5000 });

    const statuses = async (who: TestCustomer) => [
      (await courtesy(who)).statusCode,
      (await manifest(who)).statusCode,
      (await meia(who)).statusCode,
    ];
    expect(await statuses(owner)).toEqual([200, 200, 200]);
    expect(await statuses(manager)).toEqual([200, 200, 200]);
    expect(await statuses(boxOffice)).toEqual([200, 403, 403]);
    expect(await statuses(door)).toEqual([403, 200, 403]);
    expect(await statuses(viewer)).toEqual([403, 403, 403]);
    expect(await statuses(rival)).toEqual([404, 404, 404]);
    expect(await statuses(customer)).toEqual([403, 403, 403]);

    // The door's event list shows the event to the door member, not to the box office.
    const listed = async (who: TestCustomer) =>
      (await call('GET', '/check-in/events', who)).json().events?.map((e: { id: number }) => e.id) ?? [];
    expect(await listed(door)).toContain(event.id);
    expect(await listed(boxOffice)).not.toContain(event.id);

    // Cancelling refunds every buyer: owners and managers only.
    const cancel = (who: TestCustomer) => call('POST', `/events/${event.id}/cancel`, who, {});
    expect((await cancel(boxOffice)).statusCode).toBe(403);
    expect((await cancel(door)).statusCode).toBe(403);
    expect((await cancel(viewer)).statusCode).toBe(403);
    expect((await cancel(rival)).statusCode).toBe(404);
    expect((await cancel(customer)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/organisations/${organisationId}/members/${door.id}`, manager)).statusCode,
    ).toBe(200);
    expect((await manifest(door)).statusCode).toBe(403);
    // Anyone may leave.
    expect(
      (await call('DELETE', `/organisations/${organisationId}/members/${viewer.id}`, viewer)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/organisations/${organisationId}`, viewer)).statusCode).toBe(404);
    // Out of every organisation, an account is a customer again.
    expect((await call('GET', '/customer/me', viewer)).json().data.isadmin).toBe('0');
    expect((await call('GET', '/customer/me', door)).json().data.isadmin).toBe('0');
    expect((await cancel(manager)).statusCode).toBe(200);
  });
});
