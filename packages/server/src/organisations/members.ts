/**
 * An organisation's team: who is in it, in which role, and the changes owners and managers
 * make. Removal ends access at once, since every producer route reads the membership on
 * each request (access.ts).
 */
import type { OrganisationMember } from '@plateia/core/contracts/organisations';
import { ORGANISATION_MESSAGES, type OrganisationRole } from '@plateia/core/messages/organisations';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { requirePower } from './access.ts';
import { countMembership } from './organisations.ts';
import { type OrganisationPower, roleHas } from './roles.ts';

/** The team, owners first (owners and managers only). */
export async function listMembers(
  db: Queryable,
  organisationId: number,
  actorId: number,
): Promise<OrganisationMember[]> {
  await requirePower(db, organisationId, actorId, 'team.manage');
  const rows = await selectRows<{
    customer_id: number;
    namef: string;
    namel: string;
    email: string;
    role: OrganisationRole;
    added_at: string | Date;
  }>(
    db,
    sql`SELECT m.customer_id, c.namef, c.namel, c.email, m.role, m.added_at
          FROM organisation_members m JOIN customers c ON c.id = m.customer_id
         WHERE m.organisation_id = ${organisationId}
         ORDER BY array_position(ARRAY['owner','manager','box_office','door','viewer'], m.role),
                  lower(c.namef), m.customer_id`,
  );
  return rows.map((row) => ({
    customerId: Number(row.customer_id),
    name: `${row.namef} ${row.namel}`.trim(),
    email: row.email,
    role: row.role,
    addedAt: new Date(row.added_at).toISOString(),
  }));
}

/** The team's roles, locked until the transaction ends, so two changes never leave it ownerless. */
async function lockedRoles(tx: Queryable, organisationId: number): Promise<Map<number, OrganisationRole>> {
  const rows = await selectRows<{ customer_id: number; role: OrganisationRole }>(
    tx,
    sql`SELECT customer_id, role FROM organisation_members
         WHERE organisation_id = ${organisationId}
         ORDER BY customer_id FOR UPDATE`,
  );
  return new Map(rows.map((row) => [Number(row.customer_id), row.role]));
}

/**
 * The actor's role read under the team's lock (so a role changed a moment ago counts): 404
 * for a non-member, 403 when the role lacks `power` (null: membership is enough).
 */
function powerOf(
  roles: Map<number, OrganisationRole>,
  actorId: number,
  power: OrganisationPower | null,
): OrganisationRole {
  const role = roles.get(actorId);
  if (!role) throw new HttpError(404, ORGANISATION_MESSAGES.notFound, 'not_found');
  if (power && !roleHas(role, power)) throw new HttpError(403, ORGANISATION_MESSAGES.forbidden, 'forbidden');
  return role;
}

function ownersLeft(roles: Map<number, OrganisationRole>, without: number): number {
  let owners = 0;
  for (const [id, role] of roles) if (role === 'owner' && id !== without) owners++;
  return owners;
}

/**
 * Gives a member another role. Owners and managers change the roles below owner; only an
 * owner makes or unmakes an owner, and the last owner stays one.
 */
export async function changeRole(
  db: Database,
  organisationId: number,
  actorId: number,
  memberId: number,
  role: OrganisationRole,
): Promise<void> {
  await db.transaction(async (tx) => {
    const roles = await lockedRoles(tx, organisationId);
    const actorRole = powerOf(roles, actorId, 'team.manage');
    const current = roles.get(memberId);
    if (!current) throw new HttpError(404, ORGANISATION_MESSAGES.memberNotFound, 'not_found');
    if ((current === 'owner' || role === 'owner') && actorRole !== 'owner') {
      throw new HttpError(403, ORGANISATION_MESSAGES.ownersOnly, 'forbidden');
    }
    if (current === 'owner' && role !== 'owner' && ownersLeft(roles, memberId) === 0) {
      throw new HttpError(409, ORGANISATION_MESSAGES.lastOwner, 'last_owner');
    }
    await tx.execute(
      sql`UPDATE organisation_members SET role = ${role}
           WHERE organisation_id = ${organisationId} AND customer_id = ${memberId}`,
    );
  });
}

/**
 * Removes a member (or the actor leaves): anyone may leave, owners and managers remove the
 * roles below owner, only an owner removes an owner, and the last owner cannot go.
 */
export async function removeMember(
  db: Database,
  organisationId: number,
  actorId: number,
  memberId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const leaving = actorId === memberId;
    const roles = await lockedRoles(tx, organisationId);
    // Any member may leave whatever their role; removing someone else takes `team.manage`.
    const actorRole = leaving ? powerOf(roles, actorId, null) : powerOf(roles, actorId, 'team.manage');
    const current = roles.get(memberId);
    if (!current) throw new HttpError(404, ORGANISATION_MESSAGES.memberNotFound, 'not_found');
    if (!leaving && current === 'owner' && actorRole !== 'owner') {
      throw new HttpError(403, ORGANISATION_MESSAGES.ownersOnly, 'forbidden');
    }
    if (current === 'owner' && ownersLeft(roles, memberId) === 0) {
      throw new HttpError(409, ORGANISATION_MESSAGES.lastOwner, 'last_owner');
    }
    const removed = await selectRows<{ customer_id: number }>(
      tx,
      sql`DELETE FROM organisation_members
           WHERE organisation_id = ${organisationId} AND customer_id = ${memberId}
          RETURNING customer_id`,
    );
    if (removed.length > 0) await countMembership(tx, memberId, -1);
  });
}
