import type { Friendship, FriendshipStatus } from '@plateia/core/contracts/friends';
import {
  FRIEND_ACCEPT_MESSAGES,
  FRIEND_ADD_MESSAGES,
  FRIEND_DELETE_MESSAGES,
  FRIEND_DENY_MESSAGES,
  FRIEND_MEMBER_MISMATCH,
  FRIEND_SELF_ADD,
} from '@plateia/core/messages/friends';
import { chatRoomId } from '@plateia/core/rules/chat-room';
import { sql } from 'drizzle-orm';
import { avatarForOthers } from '../accounts/avatar.ts';
import { execute, type Queryable, selectOne, selectRows, sqlState } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';

interface FriendshipRow {
  id: number;
  status: number;
  from_customer_id: number;
  to_customer_id: number;
  created_at: string;
  accepted_at: string | null;
  friend_id: number;
  email: string;
  namef: string;
  namel: string;
  nickname: string;
  avatar: string;
  friendly_accept: number;
}

/**
 * A friend as shown: a non-public profile (docs/social.md) shows only the e-mail the
 * customer typed to someone who is not yet their friend and whom it did not ask itself.
 */
function toView(row: FriendshipRow, customerId: number): Friendship {
  const direction = row.from_customer_id === customerId ? 'sent' : 'received';
  const isPublic = row.friendly_accept !== 2;
  const hidden = row.status === 2 && direction === 'sent' && !isPublic;
  return {
    id: row.id,
    status: row.status === 1 ? 1 : 2,
    direction,
    created_at: new Date(row.created_at).toISOString(),
    accepted_at: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
    chatRoomId: row.status === 1 ? chatRoomId(customerId, row.friend_id) : null,
    friend: {
      id: row.friend_id,
      user: row.email,
      namef: hidden ? '' : row.namef,
      namel: hidden ? '' : row.namel,
      nickname: hidden ? '' : row.nickname,
      avatar: hidden ? '' : avatarForOthers(row.avatar),
      public: isPublic,
    },
  };
}

/** `/friendly/list`: the customer's friends (status 1) or pending requests both ways (status 2). */
export async function listFriendships(
  db: Queryable,
  customerId: number,
  status: FriendshipStatus,
): Promise<Friendship[]> {
  const rows = await selectRows<FriendshipRow>(
    db,
    sql`SELECT f.id, f.status, f.from_customer_id, f.to_customer_id, f.created_at, f.accepted_at,
               c.id AS friend_id, c.email, c.namef, c.namel, c.nickname, c.avatar,
               COALESCE(s.friendly_accept, 1) AS friendly_accept
          FROM friendships f
          JOIN customers c ON c.id = CASE WHEN f.from_customer_id = ${customerId}
                                          THEN f.to_customer_id ELSE f.from_customer_id END
          LEFT JOIN friend_settings s ON s.customer_id = c.id
         WHERE (f.from_customer_id = ${customerId} OR f.to_customer_id = ${customerId})
           AND f.status = ${status}
         ORDER BY lower(c.namef), lower(c.email), f.id`,
  );
  return rows.map((row) => toView(row, customerId));
}

interface PairRow {
  id: number;
  status: number;
  from_customer_id: number;
  to_customer_id: number;
}

async function findOwnFriendship(db: Queryable, id: number, customerId: number): Promise<PairRow | null> {
  return selectOne<PairRow>(
    db,
    sql`SELECT id, status, from_customer_id, to_customer_id FROM friendships
         WHERE id = ${id} AND (from_customer_id = ${customerId} OR to_customer_id = ${customerId})`,
  );
}

/**
 * `/friendly/accept`: the addressee accepts a pending request. 404 when the customer has no
 * such friendship, 400 when it is already accepted, 403 when the customer sent it.
 */
export async function acceptFriendship(
  db: Queryable,
  id: number,
  customerId: number,
  now: Date,
): Promise<void> {
  const row = await findOwnFriendship(db, id, customerId);
  if (!row) throw new HttpError(404, FRIEND_ACCEPT_MESSAGES[404], 'not_found');
  if (row.status === 1) throw new HttpError(400, FRIEND_ACCEPT_MESSAGES[400], 'already_friends');
  if (row.to_customer_id !== customerId) {
    throw new HttpError(403, FRIEND_ACCEPT_MESSAGES[403], 'forbidden');
  }
  const changed = await execute(
    db,
    sql`UPDATE friendships SET status = 1, accepted_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND status = 2`,
  );
  // Accepted by a concurrent call between the read and the update.
  if (changed === 0) throw new HttpError(400, FRIEND_ACCEPT_MESSAGES[400], 'already_friends');
}

/** What `/friendly/del` removes: a request being denied, a friend, or either. */
export interface RemoveFriendship {
  id: number;
  customerId: number;
  /** The other member, as the client knows it (`to_customer_id`). */
  otherId: number;
  /** When given, the friendship must still be in this status (2: deny a request, 1: remove a friend). */
  expectedStatus?: FriendshipStatus | undefined;
}

/**
 * `/friendly/del`: denies a request, withdraws one the customer sent, or removes a friend.
 * 404 when the customer has no such friendship; 400 when `to_customer_id` is not its other
 * member or when it is no longer in the expected status (accepted meanwhile, say).
 */
export async function removeFriendship(db: Queryable, input: RemoveFriendship): Promise<FriendshipStatus> {
  const row = await findOwnFriendship(db, input.id, input.customerId);
  if (!row) throw new HttpError(404, FRIEND_DELETE_MESSAGES[404], 'not_found');
  const other = row.from_customer_id === input.customerId ? row.to_customer_id : row.from_customer_id;
  if (other !== input.otherId) throw new HttpError(400, FRIEND_MEMBER_MISMATCH, 'member_mismatch');
  if (input.expectedStatus !== undefined && row.status !== input.expectedStatus) {
    throw input.expectedStatus === 2
      ? new HttpError(400, FRIEND_DENY_MESSAGES[400], 'already_friends')
      : new HttpError(400, FRIEND_DELETE_MESSAGES[400], 'not_friends');
  }
  const removed = await execute(
    db,
    sql`DELETE FROM friendships WHERE id = ${row.id} AND status = ${row.status}`,
  );
  if (removed === 0) throw new HttpError(404, FRIEND_DELETE_MESSAGES[404], 'not_found');
  return row.status === 1 ? 1 : 2;
}

/** What `/friendly/add` did: `sent`, or `private` (sent to a non-public profile: the 403). */
export type AddOutcome = 'sent' | 'private';

/**
 * `/friendly/add`: a request from the customer to the account of `email` (trimmed, any case).
 * 404 for no such account, 400 for the customer's own e-mail or when the pair already is
 * friends or has a pending request either way. A request to a non-public profile is stored
 * like any other and answers `private`, which the route turns into the spec's 403
 * "Pedido solicitado!" (docs/social.md).
 */
export async function addFriend(
  db: Queryable,
  customerId: number,
  email: string,
  now: Date,
): Promise<AddOutcome> {
  const target = await selectOne<{ id: number; friendly_accept: number }>(
    db,
    sql`SELECT c.id, COALESCE(s.friendly_accept, 1) AS friendly_accept
          FROM customers c LEFT JOIN friend_settings s ON s.customer_id = c.id
         WHERE lower(c.email) = lower(${email.trim()})`,
  );
  if (!target) throw new HttpError(404, FRIEND_ADD_MESSAGES[404], 'not_found');
  if (target.id === customerId) throw new HttpError(400, FRIEND_SELF_ADD, 'self');
  try {
    const inserted = await execute(
      db,
      sql`INSERT INTO friendships (from_customer_id, to_customer_id, status, created_at)
          VALUES (${customerId}, ${target.id}, 2, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
    if (inserted === 0) throw new HttpError(400, FRIEND_ADD_MESSAGES[400], 'exists');
  } catch (error) {
    if (sqlState(error) === '23505') throw new HttpError(400, FRIEND_ADD_MESSAGES[400], 'exists');
    throw error;
  }
  return target.friendly_accept === 2 ? 'private' : 'sent';
}

/** Whether the two customers are friends (status 1). */
export async function areFriends(db: Queryable, a: number, b: number): Promise<boolean> {
  const row = await selectOne<{ id: number }>(
    db,
    sql`SELECT id FROM friendships
         WHERE status = 1
           AND LEAST(from_customer_id, to_customer_id) = ${Math.min(a, b)}
           AND GREATEST(from_customer_id, to_customer_id) = ${Math.max(a, b)}`,
  );
  return row !== null;
}
