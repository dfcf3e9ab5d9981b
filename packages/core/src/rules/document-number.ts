/**
 * Brazilian taxpayer numbers: CPF (people, 11 digits) and CNPJ (companies, 14 digits).
 * Both end in two check digits computed with modulo 11. The sign-up form and the API
 * host share these rules, so this file stays free of dependencies.
 */

/** Strips everything but digits: `"123.456.789-09"` gives `"12345678909"`. */
export function normalizeDocumentNumber(value: string): string {
  return value.replace(/\D/g, '');
}

// Accepts digits with the usual punctuation only; letters or other symbols mean the
// value is not a document number even if its digits happen to be valid.
const ALLOWED_CHARACTERS = /^[\d.\-/\s]*$/;

function digitsOf(value: unknown, length: number): number[] | null {
  if (typeof value !== 'string' || !ALLOWED_CHARACTERS.test(value)) return null;
  const digits = normalizeDocumentNumber(value);
  if (digits.length !== length) return null;
  // Repeated digits (000.000.000-00, 111...) pass the arithmetic but are never issued.
  if (/^(\d)\1*$/.test(digits)) return null;
  return Array.from(digits, Number);
}

function checkDigit(digits: number[], weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Whether the value is a CPF with valid check digits (formatted or digits only). */
export function isValidCpf(value: unknown): boolean {
  const digits = digitsOf(value, 11);
  if (!digits) return false;
  const first = checkDigit(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[9] === first && digits[10] === second;
}

/** Whether the value is a CNPJ with valid check digits (formatted or digits only). */
export function isValidCnpj(value: unknown): boolean {
  const digits = digitsOf(value, 14);
  if (!digits) return false;
  const first = checkDigit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(digits, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return digits[12] === first && digits[13] === second;
}

/** Whether the value is a valid CPF or a valid CNPJ (the sign-up's `cpfnpj` field). */
export function isValidCpfCnpj(value: unknown): boolean {
  return isValidCpf(value) || isValidCnpj(value);
}
