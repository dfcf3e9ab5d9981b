/**
 * Where a webhook may be sent (docs/integrations.md, "Private addresses"): never to a loopback,
 * private, link-local or otherwise internal address, so an endpoint cannot make the API host
 * reach its own network (SSRF). The check runs on the address actually connected to (a DNS
 * name that resolves to an internal address at delivery time is refused too), unless the
 * operator allows private targets (`WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=on`, never in production).
 */
import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const INTERNAL = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  INTERNAL.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(address, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is internal: loopback, private, link-local, reserved. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return INTERNAL.check(bare, 'ipv4');
  if (family === 6) return INTERNAL.check(bare, 'ipv6');
  return true;
}

/** Raised when a webhook's address is internal; recorded in the delivery log, never retried sooner. */
export class InternalTargetError extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves as usual and refuses internal addresses, so
 * the address checked is the one connected to.
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  lookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const internal = addresses.find((entry) => isInternalAddress(entry.address));
    if (internal || addresses.length === 0) {
      return callback(new InternalTargetError(`${hostname} resolves to an internal address`), '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
