// Lists of integer ids as they cross the API host's edges: read from a query string, and
// handed to PostgreSQL as a single array parameter.

/** Turns `seatIds=1,2&seatIds=3` (or `seatIds=1,2,3`) into numbers; null when malformed. */
export function parseIdList(values: string[] | undefined): number[] | null {
  const ids: number[] = [];
  for (const value of values ?? []) {
    for (const part of value.split(',')) {
      const text = part.trim();
      if (text === '') continue;
      if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) return null;
      ids.push(Number(text));
    }
  }
  return ids;
}

/**
 * A PostgreSQL array literal of integers, passed as one text parameter: both drivers send
 * it the same way, and the `::int[]` cast at the call site validates it.
 */
export function pgIntArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}
