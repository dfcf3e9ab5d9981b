/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as 32 lowercase hex digits.
 *
 * The login protocol of the API host sends md5(salt + password) (spec §7), and browsers
 * offer no MD5 in WebCrypto, so this small implementation ships with the core. MD5 is not
 * a security boundary here: the server stores only a slow hash of the digest.
 */

// Left-rotation amounts, RFC 1321 §3.4: four per round, repeated four times within it.
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

// T[i] = floor(abs(sin(i + 1)) * 2^32), computed once rather than listed.
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32));

/** MD5 digest of raw bytes, as lowercase hex. */
export function md5Bytes(bytes: Uint8Array): string {
  // The message as little-endian 32-bit words, padded: a 1 bit, zeros to 56 mod 64 bytes,
  // then the bit length as a 64-bit little-endian number (the two words pushed last).
  const length = bytes.length;
  const words = new Array<number>((((length + 8) >> 6) + 1) * 16 - 2).fill(0);
  for (let i = 0; i <= length; i++) words[i >> 2]! |= (i < length ? bytes[i]! : 0x80) << ((i & 3) * 8);
  words.push((length * 8) | 0, Math.floor(length / 2 ** 29));

  let state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < words.length; offset += 16) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f =
        round === 0
          ? (b & c) | (~b & d)
          : round === 1
            ? (d & b) | (~d & c)
            : round === 2
              ? b ^ c ^ d
              : c ^ (b | ~d);
      // The message word this step reads, per round (RFC 1321 §3.4), mod 16.
      const word = words[offset + ([i, 5 * i + 1, 3 * i + 5, 7 * i][round]! & 15)]!;
      const sum = (a + f + SINES[i]! + word) | 0;
      const shift = SHIFTS[round * 4 + (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state = [a, b, c, d].map((word, k) => (state[k]! + word) | 0);
  }
  // Each state word's bytes, least significant first, as two hex digits each.
  let hex = '';
  for (let i = 0; i < 16; i++)
    hex += ((state[i >> 2]! >>> ((i & 3) * 8)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}

/** MD5 digest of a string encoded as UTF-8, as lowercase hex: `md5('abc')` is `900150983cd24fb0d6963f7d28e17f72`. */
export function md5(text: string): string {
  return md5Bytes(new TextEncoder().encode(text));
}
