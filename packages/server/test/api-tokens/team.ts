import type { FastifyInstance } from 'fastify';
import { addMember } from '../../src/organisations/organisations.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import type { TestApp } from '../support/app.ts';

/** An organisation with one member per role the tests need, another organisation and a customer. */
export interface Team {
  organisationId: number;
  otherOrganisationId: number;
  owner: TestCustomer;
  manager: TestCustomer;
  viewer: TestCustomer;
  /** The owner of the other organisation, a member of nothing here. */
  outsider: TestCustomer;
  /** A buyer in no organisation. */
  customer: TestCustomer;
}

/** A request as `who` (a session token, an API token string, or nobody). */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestCustomer | string | null,
  payload?: object,
) {
  const headers = who === null ? {} : bearer(typeof who === 'string' ? who : who.token);
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function organisation(app: FastifyInstance, owner: TestCustomer, name: string): Promise<number> {
  const res = await call(app, 'POST', '/organisations', owner, {
    name,
    document: '12ABC34501DE35',
    contactEmail: 'contato@produtora.example',
    contactPhone: '81988887777',
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().id;
}

export async function createTeam(t: TestApp, prefix: string): Promise<Team> {
  const db = t.database.db;
  const owner = await createCustomer(db, { email: `${prefix}-dona@example.com`, namef: 'Dona' });
  const manager = await createCustomer(db, { email: `${prefix}-gerente@example.com` });
  const viewer = await createCustomer(db, { email: `${prefix}-leitor@example.com` });
  const outsider = await createCustomer(db, { email: `${prefix}-outra@example.com` });
  const customer = await createCustomer(db, { email: `${prefix}-cliente@example.com` });
  const organisationId = await organisation(t.app, owner, 'Lua Cheia Produções');
  const otherOrganisationId = await organisation(t.app, outsider, 'Outra Produtora');
  await addMember(db, organisationId, manager.id, 'manager', new Date());
  await addMember(db, organisationId, viewer.id, 'viewer', new Date());
  return { organisationId, otherOrganisationId, owner, manager, viewer, outsider, customer };
}
