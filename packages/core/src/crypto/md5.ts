/**
 * MD5 of a string's UTF-8 bytes, as 32 lowercase hex digits: the login's digest.
 *
 * The login protocol of the API host sends md5(salt + password) (docs/accounts.md, "Password
 * wire format"), and browsers offer no MD5 in WebCrypto, so the digest comes from
 * `@noble/hashes` (audited, no dependencies, already in the bundle through `otpauth`). MD5 is
 * not a security boundary here: the server stores only a slow hash of the digest.
 */
import { md5 as nobleMd5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** MD5 digest of raw bytes, as lowercase hex. */
export function md5Bytes(bytes: Uint8Array): string {
  return bytesToHex(nobleMd5(bytes));
}

/** MD5 digest of a string encoded as UTF-8, as lowercase hex: `md5('abc')` is `900150983cd24fb0d6963f7d28e17f72`. */
export function md5(text: string): string {
  return md5Bytes(utf8ToBytes(text));
}
