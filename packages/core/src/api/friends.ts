import type { FriendlyAccept, Friendship, FriendshipStatus } from '../contracts/friends.ts';
import {
  FRIEND_ACCEPT_MESSAGES,
  FRIEND_ADD_MESSAGES,
  FRIEND_DELETE_MESSAGES,
  FRIEND_DENY_MESSAGES,
  FRIEND_SETTINGS_FAILED,
} from '../messages/friends.ts';
import { postJson } from './client.ts';

export type { FriendlyAccept, Friendship, FriendshipStatus } from '../contracts/friends.ts';

/** `POST /friendly/list`: friends (status 1) or pending requests (status 2) of `customerid`. */
export async function fetchFriendships(customerid: number, status: FriendshipStatus): Promise<Friendship[]> {
  const answer = await postJson<{ friendships?: Friendship[] }>(
    'friendly/list',
    { customerid, status },
    { fallback: 'Erro ao carregar amigos' },
  );
  return answer.friendships ?? [];
}

/** `POST /friendly/accept`; failures carry the spec's message for 404, 400, 403, else 500's. */
export async function acceptFriendship(id: number, customerid: number): Promise<void> {
  await postJson(
    'friendly/accept',
    { id, customerid },
    { ...FRIEND_ACCEPT_MESSAGES, fallback: FRIEND_ACCEPT_MESSAGES[500] },
  );
}

/** `POST /friendly/del` denying a pending request (`status` 2). */
export async function denyFriendship(id: number, customerid: number, to_customer_id: number): Promise<void> {
  await postJson(
    'friendly/del',
    { id, customerid, to_customer_id, status: 2 },
    { ...FRIEND_DENY_MESSAGES, fallback: FRIEND_DENY_MESSAGES[500] },
  );
}

/** `POST /friendly/del` removing a friend or withdrawing a request the customer sent. */
export async function deleteFriendship(
  id: number,
  customerid: number,
  to_customer_id: number,
): Promise<void> {
  await postJson(
    'friendly/del',
    { id, customerid, to_customer_id },
    {
      404: FRIEND_DELETE_MESSAGES[404],
      400: FRIEND_DELETE_MESSAGES[400],
      fallback: FRIEND_DELETE_MESSAGES[500],
    },
  );
}

/** `POST /friendly/add`; a 403 (non-public profile) is thrown like the others and shown as a success by the store. */
export async function addFriendship(from_customer_id: number, to_customer_user: string): Promise<void> {
  await postJson(
    'friendly/add',
    { from_customer_id, to_customer_user },
    {
      404: FRIEND_ADD_MESSAGES[404],
      400: FRIEND_ADD_MESSAGES[400],
      403: FRIEND_ADD_MESSAGES[403],
      429: FRIEND_ADD_MESSAGES[429],
      fallback: FRIEND_ADD_MESSAGES[500],
    },
  );
}

/** `POST /friendly/ispublic`: the customer's `friendly_accept`. */
export async function fetchFriendlyAccept(customerid: number): Promise<FriendlyAccept> {
  const answer = await postJson<{ friendly_accept?: number }>(
    'friendly/ispublic',
    { customerid },
    { fallback: FRIEND_SETTINGS_FAILED },
  );
  return answer.friendly_accept === 2 ? 2 : 1;
}

/** `POST /friendly/update`: saves `friendly_accept`. */
export async function updateFriendlyAccept(
  customerid: number,
  friendly_accept: FriendlyAccept,
): Promise<void> {
  await postJson('friendly/update', { friendly_accept, customerid }, { fallback: FRIEND_SETTINGS_FAILED });
}
