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
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

function toHexLittleEndian(word: number): string {
  let hex = '';
  for (let i = 0; i < 4; i++) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  return hex;
}

/** MD5 digest of raw bytes, as lowercase hex. */
export function md5Bytes(bytes: Uint8Array): string {
  // Pad: a 1 bit, zeros to 56 mod 64 bytes, then the bit length as 64-bit little endian.
  const paddedLength = (((bytes.length + 8) >>> 6) + 1) << 6;
  const buffer = new Uint8Array(paddedLength);
  buffer.set(bytes);
  buffer[bytes.length] = 0x80;
  const view = new DataView(buffer.buffer);
  const bitLength = bytes.length * 8;
  view.setUint32(paddedLength - 8, bitLength >>> 0, true);
  view.setUint32(paddedLength - 4, Math.floor(bitLength / 2 ** 32), true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Array<number>(16);

  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let i = 0; i < 16; i++) words[i] = view.getUint32(offset + i * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + (SINES[i] ?? 0) + (words[g] ?? 0)) | 0;
      const shift = SHIFTS[(i >> 4) * 4 + (i & 3)] ?? 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  return toHexLittleEndian(a0) + toHexLittleEndian(b0) + toHexLittleEndian(c0) + toHexLittleEndian(d0);
}

/** MD5 digest of a string encoded as UTF-8, as lowercase hex: `md5('abc')` is `900150983cd24fb0d6963f7d28e17f72`. */
export function md5(text: string): string {
  return md5Bytes(new TextEncoder().encode(text));
}
