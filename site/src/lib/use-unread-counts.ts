/** Stand-in until the chat store exists: no unread counts. */
export function useUnreadCounts(_userId: number): Map<number, number> {
  return new Map();
}
