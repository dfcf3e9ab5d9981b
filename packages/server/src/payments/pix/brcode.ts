/**
 * PIX BR Code ("copia e cola") in the EMV QRCPS layout of the BCB "Manual de Padrões para
 * Iniciação do Pix": a run of ID-length-value fields closed by a CRC16 over everything
 * before it. The QR image is the same text drawn as a QR Code.
 */
import { renderSVG } from 'uqr';

/** The GUI that marks a merchant account template (ID 26) as PIX. */
export const PIX_GUI = 'br.gov.bcb.pix';

/** Maximum lengths the manual sets for the receiver's name (59) and city (60). */
export const MERCHANT_NAME_MAX = 25;
/** See {@link MERCHANT_NAME_MAX}. */
export const MERCHANT_CITY_MAX = 15;
/** The txid of a static code (62/05) holds at most 25 alphanumerics. */
export const STATIC_TXID_MAX = 25;

/** What a BR Code carries. Exactly one of `key` (static) or `location` (dynamic) is given. */
export interface BrCodeInput {
  /** A PIX key (e-mail, phone, CPF/CNPJ or random EVP): a static code. */
  key?: string;
  /** The PSP's payload location, without scheme (`pix.example.com/…`): a dynamic code. */
  location?: string;
  /** Free text for the payer (26/02), static codes only. */
  description?: string;
  /** Amount in cents (ID 54); absent lets the payer choose. */
  amountCents?: number;
  merchantName: string;
  merchantCity: string;
  /**
   * 62/05. Defaults to `***`, which the manual prescribes for dynamic codes (their txid
   * lives in the payload at `location`) and for static codes without an identifier.
   */
  txid?: string;
  /** ID 01 = 12 ("use once"). Defaults to true for dynamic codes, false for static ones. */
  oneTime?: boolean;
}

/** One EMV field: two-digit ID, two-digit length, value. */
export function emvField(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection), as four uppercase hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Makes text fit the EMV alphanumeric set: accents stripped (São → Sao), anything outside
 * printable ASCII dropped, spaces collapsed, cut to `max` characters. Payer apps show
 * these fields, so the words stay readable rather than being upper-cased.
 */
export function normalizeEmvText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}

/** Cents as the manual's amount text: a dot and two decimals, no thousands separator. */
export function formatEmvAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError('amount must be positive whole cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Builds the BR Code text, CRC included. Throws `RangeError` on input the layout cannot hold. */
export function buildBrCode(input: BrCodeInput): string {
  if (Boolean(input.key) === Boolean(input.location)) {
    throw new RangeError('give either a PIX key (static) or a location (dynamic)');
  }
  const dynamic = Boolean(input.location);
  const name = normalizeEmvText(input.merchantName, MERCHANT_NAME_MAX);
  const city = normalizeEmvText(input.merchantCity, MERCHANT_CITY_MAX);
  if (!name || !city) throw new RangeError('merchant name and city are required');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !new RegExp(`^[A-Za-z0-9]{1,${STATIC_TXID_MAX}}$`).test(txid)) {
    throw new RangeError('txid must be 1 to 25 letters and digits');
  }

  let account = emvField('00', PIX_GUI);
  if (dynamic) {
    account += emvField('25', input.location!);
  } else {
    account += emvField('01', input.key!);
    const description = input.description ? normalizeEmvText(input.description, 99) : '';
    // The description only fits in what is left of the 99 characters of field 26.
    const room = 99 - account.length - 4;
    if (description && room > 0) account += emvField('02', description.slice(0, room).trimEnd());
  }

  let payload = emvField('00', '01');
  if (input.oneTime ?? dynamic) payload += emvField('01', '12');
  payload += emvField('26', account);
  payload += emvField('52', '0000');
  payload += emvField('53', '986');
  if (input.amountCents !== undefined) payload += emvField('54', formatEmvAmount(input.amountCents));
  payload += emvField('58', 'BR');
  payload += emvField('59', name);
  payload += emvField('60', city);
  payload += emvField('62', emvField('05', txid));
  payload += '6304';
  return payload + crc16(payload);
}

/** One parsed EMV field; templates (26, 62) keep their raw value. */
export type EmvFields = Map<string, string>;

/**
 * Splits BR Code text into its top-level fields and checks the CRC. Returns null when the
 * text is not a well-formed code, so callers can answer bad input without throwing.
 */
export function parseBrCode(code: string): EmvFields | null {
  const fields: EmvFields = new Map();
  let at = 0;
  while (at < code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) return null;
    const value = code.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.set(id, value);
    at += 4 + length;
  }
  const crc = fields.get('63');
  if (!crc || !code.endsWith(crc) || crc16(code.slice(0, -4)) !== crc) return null;
  return fields;
}

/** The QR image of a code, as SVG markup (dark modules on white, with a quiet zone). */
export function brCodeSvg(code: string): string {
  return renderSVG(code, { ecc: 'M', border: 2, pixelSize: 6 });
}
