/**
 * One CPF, one account (docs/accounts.md): the profile, sign-up and a race of two accounts
 * refuse a CPF another account holds; "Este CPF é meu" freezes it for the virtual queue
 * until the holder releases it (it then moves to the claimant) or the team decides.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CPF_CLAIM_MESSAGES, PROFILE_ANSWER_MESSAGES } from '@plateia/core/messages/profile';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideCpfClaim } from '../../src/accounts/cpf.ts';
import { createEvent } from '../../src/catalogue/create.ts';
import { selectOne, selectRows } from '../../src/db/sql.ts';
import { festivalInput } from '../catalogue/fixtures.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { cpfFrom, HOUR, makeHighDemand } from '../virtual-queue/support.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');

/** `123.456.789-01` from 11 digits: the form people type. */
const formatted = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe('one CPF, one account', () => {
  let t: TestApp;
  let dataDir: string;
  let owner: TestCustomer;
  let squatter: TestCustomer;
  let other: TestCustomer;
  let eventId: number;

  const post = async (token: string | null, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
    return { status: res.statusCode, body: res.json() };
  };
  const edit = (c: TestCustomer, cpfnpj: string) => post(c.token, '/customer/edit', { id: c.id, cpfnpj });
  const cpfOf = async (c: TestCustomer) =>
    (await selectOne<{ cpfnpj: string }>(
      t.database.db,
      sql`SELECT cpfnpj FROM customers WHERE id = ${c.id}`,
    ))!.cpfnpj;
  const claim = (c: TestCustomer, cpf: string, extra: object = {}) =>
    post(c.token, '/customer/cpf-claim', { cpf, fileBase64: PNG, fileName: 'rg.png', ...extra });
  const standing = async (c: TestCustomer) =>
    (await t.app.inject({ url: '/customer/cpf-claim', headers: bearer(c.token) })).json();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plateia-cpf-'));
    t = await createTestApp({ dataDir });
    const db = t.database.db;
    owner = await createCustomer(db, { email: 'dona.do.cpf@example.com', namef: 'Dona' });
    squatter = await createCustomer(db, { email: 'intruso@example.com', namef: 'Intruso' });
    other = await createCustomer(db, { email: 'outra@example.com', namef: 'Outra' });
    const event = await createEvent(db, festivalInput('cpf-unico'));
    eventId = event.id;
    await makeHighDemand(db, eventId, new Date(), HOUR, 5);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a CPF another account holds, however it is typed', async () => {
    const cpf = cpfFrom(111_222_333);
    expect((await edit(squatter, cpf)).status).toBe(200);
    const refused = await edit(owner, formatted(cpf));
    expect(refused).toEqual({
      status: 409,
      body: { error: 'cpf_taken', message: PROFILE_ANSWER_MESSAGES.cpfTaken },
    });
    expect(await cpfOf(owner)).toBe('');
    // Saving the same CPF again on its own account is fine.
    expect((await edit(squatter, formatted(cpf))).status).toBe(200);
  });

  it('lets two accounts racing for one CPF end with it on exactly one of them', async () => {
    const cpf = cpfFrom(444_555_666);
    const racers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        createCustomer(t.database.db, { email: `corrida${i}@example.com` }),
      ),
    );
    const answers = await Promise.all(racers.map((racer) => edit(racer, cpf)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.error).toBe('cpf_taken');
    const holders = await selectRows(t.database.db, sql`SELECT id FROM customers WHERE cpfnpj = ${cpf}`);
    expect(holders).toHaveLength(1);
  });

  it('refuses sign-up with a taken CPF and creates no account', async () => {
    const res = await post(null, '/customer/add', {
      user: 'nova@example.com',
      namef: 'Nova',
      pw: 'senha-muito-boa',
      cpfnpj: cpfFrom(111_222_333),
      status: 1,
      uidcad: 1,
    });
    expect(res).toEqual({
      status: 409,
      body: { error: 'cpf_taken', message: PROFILE_ANSWER_MESSAGES.cpfTakenAtSignUp },
    });
    const row = await selectOne(t.database.db, sql`SELECT 1 FROM customers WHERE email = 'nova@example.com'`);
    expect(row).toBeNull();
  });

  it('lets a company number (CNPJ) be on several accounts', async () => {
    expect((await edit(other, '11.222.333/0001-81')).status).toBe(200);
    const colleague = await createCustomer(t.database.db, { email: 'colega@example.com' });
    expect((await edit(colleague, '11222333000181')).status).toBe(200);
  });

  it('refuses claims that are not about another account’s CPF', async () => {
    expect((await claim(owner, '123')).body.error).toBe('validation');
    expect((await claim(owner, cpfFrom(999_888_777))).body).toEqual({
      error: 'cpf_free',
      message: CPF_CLAIM_MESSAGES.notTaken,
    });
    expect((await claim(squatter, cpfFrom(111_222_333))).body.error).toBe('cpf_yours');
    const unverified = await createCustomer(t.database.db, {
      email: 'sem.confirmar@example.com',
      verified: false,
    });
    expect((await claim(unverified, cpfFrom(111_222_333))).body.error).toBe('email_unverified');
    // Without a document there is nothing for the team to check.
    const noFile = await post(owner.token, '/customer/cpf-claim', { cpf: cpfFrom(111_222_333) });
    expect(noFile.status).toBe(400);
  });

  it('a claim freezes the CPF for the queue, reaches the team with the document and tells the holder', async () => {
    // Before the claim, the squatter could take a place with the owner's CPF.
    const res = await claim(owner, formatted(cpfFrom(111_222_333)), { note: 'É o número do meu RG.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: CPF_CLAIM_MESSAGES.opened,
      claim: { status: 'open' },
    });
    const requestId = res.body.claim.supportRequestId as number;
    const request = await selectOne<{ customer_id: number; category: string; files: number }>(
      t.database.db,
      sql`SELECT r.customer_id, r.category,
                 (SELECT count(*)::int FROM support_attachments a JOIN support_messages m ON m.id = a.message_id
                  WHERE m.request_id = r.id) AS files
          FROM support_requests r WHERE r.id = ${requestId}`,
    );
    expect(request).toEqual({ customer_id: owner.id, category: 'conta', files: 1 });
    const notice = await selectOne<{ subject: string }>(
      t.database.db,
      sql`SELECT subject FROM mailbox_messages WHERE to_address = ${squatter.email} ORDER BY id DESC LIMIT 1`,
    );
    expect(notice?.subject).toBe('O CPF da sua conta Plateia está em análise');
    expect((await standing(owner)).claim.status).toBe('open');
    expect(await standing(squatter)).toMatchObject({ claim: null, disputed: true });

    const join = await post(squatter.token, `/queue/${eventId}/join`, {});
    expect(join).toEqual({
      status: 409,
      body: { error: 'cpf_disputed', message: QUEUE_MESSAGES.cpfDisputed },
    });
    // One open claim at a time.
    expect((await claim(owner, cpfFrom(444_555_666))).body.error).toBe('claim_open');
    // "Baixar meus dados" lists the claim, never the other account behind it.
    const exported = (await t.app.inject({ url: '/customer/export', headers: bearer(owner.token) })).json();
    expect(exported.analises_de_cpf).toEqual([
      expect.objectContaining({ cpf: cpfFrom(111_222_333), status: 'open' }),
    ]);
    expect(exported.analises_de_cpf[0]).not.toHaveProperty('holder_id');
  });

  it('moves the CPF to the claimant when the holder removes it, and the claimant then joins the queue', async () => {
    expect((await post(owner.token, `/queue/${eventId}/join`, {})).body.error).toBe('cpf_required');
    expect((await edit(squatter, '')).status).toBe(200);
    expect(await cpfOf(owner)).toBe(cpfFrom(111_222_333));
    expect((await standing(owner)).claim.status).toBe('released');
    expect((await standing(squatter)).disputed).toBe(false);
    const join = await post(owner.token, `/queue/${eventId}/join`, {});
    expect(join.status).toBe(200);
    expect(join.body.status).toBe('waiting');
  });

  it("the team's decision moves the CPF (upheld) or unfreezes it (rejected)", async () => {
    const db = t.database.db;
    const a = await createCustomer(db, { email: 'decisao.a@example.com' });
    const b = await createCustomer(db, { email: 'decisao.b@example.com' });
    const cpf = cpfFrom(222_333_444);
    await edit(a, cpf);
    const upheld = (await claim(b, cpf)).body.claim.id as number;
    expect(await decideCpfClaim(db, upheld, 'upheld', new Date())).toBe(true);
    expect([await cpfOf(a), await cpfOf(b)]).toEqual(['', cpf]);
    expect(await decideCpfClaim(db, upheld, 'rejected', new Date())).toBe(false);

    const rejected = (await claim(a, cpf)).body.claim.id as number;
    expect((await standing(b)).disputed).toBe(true);
    expect(await decideCpfClaim(db, rejected, 'rejected', new Date())).toBe(true);
    expect((await standing(b)).disputed).toBe(false);
    expect(await cpfOf(b)).toBe(cpf);

    // A claimant who erases the account withdraws the claim: the CPF counts again.
    const c = await createCustomer(db, { email: 'decisao.c@example.com' });
    await claim(c, cpf);
    expect((await standing(b)).disputed).toBe(true);
    await post(c.token, '/customer/erasure/code', {});
    const mail = await selectOne<{ subject: string }>(
      db,
      sql`SELECT subject FROM mailbox_messages WHERE to_address = ${c.email} ORDER BY id DESC LIMIT 1`,
    );
    const code = /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
    expect((await post(c.token, '/customer/erasure', { code })).status).toBe(200);
    expect((await standing(b)).disputed).toBe(false);
  });
});
