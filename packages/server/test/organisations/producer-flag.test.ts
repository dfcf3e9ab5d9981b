/**
 * `isadmin` reads the account's `organisation_count` (accounts/customers.ts), which
 * organisations/ moves whenever membership changes; these tests change membership many
 * times at once and check the count still matches the rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectOne } from '../../src/db/sql.ts';
import { removeMember } from '../../src/organisations/members.ts';
import { addMember, createOrganisation } from '../../src/organisations/organisations.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('the producer flag kept on the account', () => {
  let t: TestApp;
  let owner: TestCustomer;
  let joiner: TestCustomer;
  const organisationIds: number[] = [];

  const isadmin = async (who: TestCustomer) =>
    (await t.app.inject({ method: 'GET', url: '/customer/me', headers: bearer(who.token) })).json().data
      .isadmin;
  const counts = async (customerId: number) =>
    selectOne<{ stored: number; members: number }>(
      t.database.db,
      sql`SELECT c.organisation_count AS stored,
                 (SELECT count(*)::int FROM organisation_members m WHERE m.customer_id = c.id) AS members
            FROM customers c WHERE c.id = ${customerId}`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createCustomer(t.database.db, { email: 'dona@example.com' });
    joiner = await createCustomer(t.database.db, { email: 'equipe@example.com' });
    for (const name of ['Uma', 'Duas', 'Três', 'Quatro', 'Cinco']) {
      const created = await createOrganisation(
        t.database.db,
        owner.id,
        { name, document: '11.222.333/0001-81', contactEmail: 'c@example.com', contactPhone: '11988887777' },
        new Date(),
      );
      organisationIds.push(created.id);
    }
  });
  afterAll(() => t.close());

  it('counts memberships joined and left at the same time, and isadmin follows', async () => {
    expect(await isadmin(joiner)).toBe('0');
    expect(await counts(owner.id)).toEqual({ stored: 5, members: 5 });
    const db = t.database.db;
    // Five organisations at once, one of them twice (the second only changes the role).
    await Promise.all([
      ...organisationIds.map((id) =>
        db.transaction((tx) => addMember(tx, id, joiner.id, 'door', new Date())),
      ),
      db.transaction((tx) => addMember(tx, organisationIds[0]!, joiner.id, 'viewer', new Date())),
    ]);
    expect(await counts(joiner.id)).toEqual({ stored: 5, members: 5 });
    expect(await isadmin(joiner)).toBe('1');
    // Leaving four at once, one of them twice (the second finds nothing to remove: 404).
    const leaving = await Promise.allSettled([
      ...organisationIds.slice(1).map((id) => removeMember(db, id, joiner.id, joiner.id)),
      removeMember(db, organisationIds[1]!, joiner.id, joiner.id),
    ]);
    expect(leaving.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(await counts(joiner.id)).toEqual({ stored: 1, members: 1 });
    expect(await isadmin(joiner)).toBe('1');
    await removeMember(db, organisationIds[0]!, joiner.id, joiner.id);
    expect(await counts(joiner.id)).toEqual({ stored: 0, members: 0 });
    expect(await isadmin(joiner)).toBe('0');
  });

  it('keeps an account marked as a producer before organisations a producer', async () => {
    const marked = await createCustomer(t.database.db, { email: 'antigo@example.com', isadmin: '1' });
    expect(await isadmin(marked)).toBe('1');
  });
});
