/**
 * The chat room of two friends: one room per pair, named by both ids, smallest first, so
 * either member computes the same name and the API host can tell who belongs to it.
 */

/** The room id of customers `a` and `b` (`dm-3-8` for 8 and 3). */
export function chatRoomId(a: number, b: number): string {
  return `dm-${Math.min(a, b)}-${Math.max(a, b)}`;
}

/** The two members of a room id, or null when it is not one `chatRoomId` makes. */
export function chatRoomMembers(roomId: string): [number, number] | null {
  const match = /^dm-([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(roomId);
  if (!match) return null;
  const low = Number(match[1]);
  const high = Number(match[2]);
  if (!(low < high) || high > 2_147_483_647) return null;
  return [low, high];
}
