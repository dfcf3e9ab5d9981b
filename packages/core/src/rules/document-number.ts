/**
 * Brazilian taxpayer numbers: CPF (people, 11 digits) and CNPJ (companies, 14 characters).
 * Since July 2026 the Receita Federal also issues alphanumeric CNPJs: 12 characters of
 * `0-9A-Z` and 2 numeric check digits, computed with modulo 11 over each character's ASCII
 * code minus 48 (so "0"-"9" keep their value and "A" is 17); a numeric CNPJ is the same rule
 * over digits only. The check digits come from `@brazilian-utils/brazilian-utils`, which
 * implements both formats; the sign-up form, the profile and the API host share these rules.
 */
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { formatCpf } from '@brazilian-utils/brazilian-utils/format-cpf';
import { isValidCnpj as checkCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidCpf as checkCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';

/**
 * The characters a document number is stored as: its digits and letters, upper-cased.
 * `"123.456.789-09"` gives `"12345678909"`, `"12.abc.345/01de-35"` gives `"12ABC34501DE35"`.
 */
export function normalizeDocumentNumber(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** Whether the value is a CPF with valid check digits (formatted or digits only). */
export function isValidCpf(value: unknown): boolean {
  return typeof value === 'string' && checkCpf(value);
}

/**
 * Whether the value is a CNPJ with valid check digits, numeric or alphanumeric, formatted or
 * not, in either case: `"11.222.333/0001-81"`, `"12ABC34501DE35"`, `"12.abc.345/01de-35"`.
 */
export function isValidCnpj(value: unknown): boolean {
  return typeof value === 'string' && checkCnpj(value, { version: 2 });
}

/** Whether the value is a valid CPF or a valid CNPJ (the sign-up's `cpfnpj` field). */
export function isValidCpfCnpj(value: unknown): boolean {
  return isValidCpf(value) || isValidCnpj(value);
}

// What a field keeps of a typed document number: digits anywhere, letters only in the 12
// characters before the CNPJ's check digits, at most 14 characters in all.
function typedCharacters(value: string): string {
  let kept = '';
  for (const char of value.toUpperCase()) {
    if (kept.length === 14) break;
    if ((char >= '0' && char <= '9') || (char >= 'A' && char <= 'Z' && kept.length < 12)) kept += char;
  }
  return kept;
}

/**
 * A CPF or CNPJ as it is typed, punctuated: CPF while up to 11 digits
 * (`"529.982.247-25"`), CNPJ beyond them or as soon as a letter appears
 * (`"11.222.333/0001-81"`, `"12.ABC.345/01DE-35"`). It only formats; validity is
 * `isValidCpfCnpj`'s.
 */
export function formatDocumentNumber(value: string): string {
  const kept = typedCharacters(value);
  return /[A-Z]/.test(kept) || kept.length > 11 ? formatCnpj(kept, { version: 2 }) : formatCpf(kept);
}
