/**
 * The rotating code inside a ticket's QR (docs/tickets.md). The API host, the customer's
 * browser (online or offline) and the door scanner all compute it with these functions:
 *
 * - a per-ticket secret = first 20 bytes of HMAC-SHA256(event key, `plateia-ticket:{id}:{holderVersion}`),
 *   so bumping the holder version (transfer, resale, refund) kills every earlier code;
 * - a TOTP (RFC 6238: SHA1, 6 digits, 15 s step) over that secret;
 * - the QR payload `PLT1.{ticketId}.{holderVersion}.{code}`.
 *
 * Pure: Web Crypto (`globalThis.crypto.subtle`) and `otpauth`, in browsers and Node alike.
 */
import { Secret, TOTP } from 'otpauth';

/** Seconds one code lives. */
export const TICKET_CODE_STEP_SECONDS = 15;

/** Digits in one code. */
export const TICKET_CODE_DIGITS = 6;

/** Steps either side of the current one the door accepts (clock drift, a slow scan). */
export const TICKET_CODE_WINDOW = 1;

/** Bytes of the per-ticket secret (the size of a SHA1 HMAC key RFC 4226 recommends). */
export const TICKET_SECRET_BYTES = 20;

/** The QR payload's prefix; a new payload format gets a new prefix. */
export const TICKET_PAYLOAD_PREFIX = 'PLT1';

/** What a ticket's QR names. */
export interface TicketPayload {
  ticketId: number;
  holderVersion: number;
  code: string;
}

/**
 * The per-ticket TOTP secret: HMAC-SHA256 keyed by the event key over the UTF-8 message
 * `plateia-ticket:${ticketId}:${holderVersion}`, first 20 bytes.
 */
export async function deriveTicketSecret(
  eventKey: Uint8Array,
  ticketId: number,
  holderVersion: number,
): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', copyBytes(eventKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const message = new TextEncoder().encode(`plateia-ticket:${ticketId}:${holderVersion}`);
  const mac = await subtle.sign('HMAC', key, message);
  return new Uint8Array(mac.slice(0, TICKET_SECRET_BYTES));
}

/** A fresh ArrayBuffer with the bytes (Web Crypto and otpauth take buffers, not views). */
function copyBytes(bytes: Uint8Array): ArrayBuffer {
  const buffer = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return buffer;
}

/** The TOTP generator for one ticket secret, configured as the product uses it. */
export function ticketTotp(secret: Uint8Array): TOTP {
  return new TOTP({
    algorithm: 'SHA1',
    digits: TICKET_CODE_DIGITS,
    period: TICKET_CODE_STEP_SECONDS,
    secret: new Secret({ buffer: copyBytes(secret) }),
  });
}

/** The ticket's code at `epochMs` (a 6-digit string, leading zeros kept). */
export function ticketCodeAt(secret: Uint8Array, epochMs: number): string {
  return ticketTotp(secret).generate({ timestamp: epochMs });
}

/** Whether `code` is the ticket's code in the step of `epochMs` or one step before or after. */
export function checkTicketCode(secret: Uint8Array, code: string, epochMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return (
    ticketTotp(secret).validate({ token: code, timestamp: epochMs, window: TICKET_CODE_WINDOW }) !== null
  );
}

/** The index of the step `epochMs` falls in (changes every 15 s). */
export function ticketCodeStep(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TICKET_CODE_STEP_SECONDS);
}

/** Milliseconds until the code of `epochMs` gives way to the next one (1 to 15,000). */
export function msLeftInStep(epochMs: number): number {
  const stepMs = TICKET_CODE_STEP_SECONDS * 1000;
  return stepMs - (((epochMs % stepMs) + stepMs) % stepMs);
}

/** The QR text: `PLT1.{ticketId}.{holderVersion}.{code}`. */
export function encodeTicketPayload({ ticketId, holderVersion, code }: TicketPayload): string {
  return `${TICKET_PAYLOAD_PREFIX}.${ticketId}.${holderVersion}.${code}`;
}

const PAYLOAD_PATTERN = /^PLT1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{6})$/;

/**
 * Reads a scanned QR text; `null` unless it is exactly `PLT1.{id}.{version}.{code}` with
 * integer id and version of at least 1 and a code of exactly 6 digits.
 */
export function decodeTicketPayload(text: string): TicketPayload | null {
  const match = PAYLOAD_PATTERN.exec(text);
  if (!match) return null;
  const ticketId = Number(match[1]);
  const holderVersion = Number(match[2]);
  if (!Number.isSafeInteger(ticketId) || !Number.isSafeInteger(holderVersion)) return null;
  if (ticketId > 2_147_483_647 || holderVersion > 2_147_483_647) return null;
  return { ticketId, holderVersion, code: match[3] as string };
}

/** Base64url (no padding) of bytes: how the API sends a ticket secret. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Bytes of a base64url (or base64) text; throws on anything else. */
export function base64UrlToBytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_\-+/]*={0,2}$/.test(text)) throw new TypeError('not base64url');
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
