/**
 * Typing masks for Brazilian inputs: they only format what is typed (digits, and the
 * letters of an alphanumeric CNPJ, in the familiar punctuation); validity is decided by
 * core's rules and the API host.
 */
import { formatDocumentNumber } from '@plateia/core/rules/document-number';

function digitsOf(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/**
 * CPF while up to 11 digits (`000.000.000-00`), CNPJ beyond them or once a letter is typed
 * (`00.000.000/0000-00`, or `12.ABC.345/01DE-35` for the alphanumeric CNPJ): core's
 * `formatDocumentNumber`.
 */
export function maskCpfCnpj(value: string): string {
  return formatDocumentNumber(value);
}

/** Brazilian phone with area code: `(11) 98765-4321`, or `(11) 3456-7890` for landlines. */
export function maskPhone(value: string): string {
  const d = digitsOf(value, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  const split = rest.length > 8 ? 5 : 4;
  if (rest.length <= split) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** CEP: `01310-100`. */
export function maskCep(value: string): string {
  const d = digitsOf(value, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** Whether a phone has a full Brazilian number: area code plus 8 or 9 digits. */
export function isCompletePhone(value: string): boolean {
  const length = value.replace(/\D/g, '').length;
  return length === 10 || length === 11;
}

/** Whether a CEP has its 8 digits. */
export function isCompleteCep(value: string): boolean {
  return value.replace(/\D/g, '').length === 8;
}

/** The 27 federative units, for the UF select. */
export const BRAZILIAN_STATES: readonly string[] = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
];
