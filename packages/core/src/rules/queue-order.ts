/**
 * The virtual queue's verifiable shuffle (docs/virtual-queue.md). The pre-queue's order is
 * the entries' public ids sorted by HMAC-SHA256(key = seed, message = public id), compared as
 * lowercase hex (ties, which do not happen in practice, by public id). The seed is 32 bytes;
 * its sha256 (hex) is published before the sale and the seed (hex) after the shuffle, so
 * anyone can recompute the order in a browser with Web Crypto. The API host computes the same
 * order with node:crypto; the tests check both agree.
 */

const HEX = /^[0-9a-f]*$/;

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The bytes of a lowercase hex string (throws on anything else). */
export function hexToBytes(value: string): Uint8Array<ArrayBuffer> {
  if (value.length % 2 !== 0 || !HEX.test(value)) throw new Error('not hex');
  const bytes = new Uint8Array(value.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** sha256 of the seed's bytes, hex: the commitment published before the sale. */
export async function seedCommitment(seedHex: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', hexToBytes(seedHex)));
}

/** The public ids in shuffled order: ascending HMAC-SHA256(seed, id) hex, then id. */
export async function shuffledOrder(seedHex: string, publicIds: readonly string[]): Promise<string[]> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(seedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const encoder = new TextEncoder();
  const keyed = await Promise.all(
    publicIds.map(async (id) => ({
      id,
      mac: hex(await crypto.subtle.sign('HMAC', key, encoder.encode(id))),
    })),
  );
  keyed.sort((a, b) => compareKeys(a.mac, a.id, b.mac, b.id));
  return keyed.map((entry) => entry.id);
}

/** The order of two entries: by HMAC hex, then by public id (plain code-unit order). */
export function compareKeys(macA: string, idA: string, macB: string, idB: string): number {
  if (macA !== macB) return macA < macB ? -1 : 1;
  if (idA === idB) return 0;
  return idA < idB ? -1 : 1;
}

/** What the verification page concludes from the published data. */
export interface ShuffleCheck {
  /** sha256(seed) equals the published commitment. */
  commitmentMatches: boolean;
  /** The published order equals the recomputed one. */
  orderMatches: boolean;
  /** The recomputed order. */
  order: string[];
  /** 1-based place of `publicId` in the recomputed order, or null when absent or not asked. */
  place: number | null;
}

/** Checks a revealed shuffle and finds one public id's place in it. */
export async function verifyShuffle(
  commitment: string,
  seedHex: string,
  publishedOrder: readonly string[],
  publicId?: string,
): Promise<ShuffleCheck> {
  const commitmentMatches = (await seedCommitment(seedHex)) === commitment.toLowerCase();
  const order = await shuffledOrder(seedHex, publishedOrder);
  const orderMatches =
    order.length === publishedOrder.length && order.every((id, i) => id === publishedOrder[i]);
  const index = publicId ? order.indexOf(publicId.trim()) : -1;
  return { commitmentMatches, orderMatches, order, place: index === -1 ? null : index + 1 };
}
