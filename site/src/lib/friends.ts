/** Presentation helpers of the friends pages. */
import type { Friendship } from '@plateia/core/contracts/friends';

/** The name shown for a friend: first and last name, else the nickname, else the e-mail. */
export function friendName(friendship: Pick<Friendship, 'friend'>): string {
  const { namef, namel, nickname, user } = friendship.friend;
  const full = `${namef} ${namel}`.trim();
  return full || nickname || user;
}
