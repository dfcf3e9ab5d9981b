import type { ProfileDetails } from '@plateia/core/contracts/profile';
import { INVALID_EMAIL_MESSAGE } from '@plateia/core/messages/accounts';
import { PROFILE_ANSWER_MESSAGES } from '@plateia/core/messages/profile';
import { isValidCpfCnpj, normalizeDocumentNumber } from '@plateia/core/rules/document-number';
import { isValidEmail } from '@plateia/core/rules/email';
import { HttpError } from '../plugins/errors.ts';
import type { CustomerColumns } from './customers.ts';

const STATES = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

/** Throws 400 with the spec's message unless the e-mail is well formed; returns it trimmed. */
export function requireEmail(value: string): string {
  const email = value.trim();
  if (!isValidEmail(email)) throw new HttpError(400, INVALID_EMAIL_MESSAGE, 'validation');
  return email;
}

/** Throws 400 unless the first name has more than blanks; returns it trimmed. */
export function requireName(value: string): string {
  const name = value.trim();
  if (!name) throw new HttpError(400, PROFILE_ANSWER_MESSAGES.nameMissing, 'validation');
  return name;
}

/** The profile fields ready for the customers table (column names), only those given. */
export type ProfileColumns = Pick<
  CustomerColumns,
  | 'cpfnpj'
  | 'phone'
  | 'nickname'
  | 'gender'
  | 'birth_date'
  | 'cep'
  | 'rua'
  | 'numero'
  | 'complemento'
  | 'bairro'
  | 'cidade'
  | 'uf'
  | 'instagram'
  | 'profession'
  | 'profession_details'
>;

function isRealDate(value: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const sameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay && year >= 1900 && date.getTime() <= now.getTime();
}

/**
 * Checks and normalises profile fields: CPF/CNPJ check digits (stored as digits), CEP with
 * 8 digits, UF among the 27 units of the federation, a real past birth date. Empty strings
 * clear a field. Throws 400 with a pt-BR message naming the field.
 */
export function normalizeProfile(input: ProfileDetails, now: Date): ProfileColumns {
  const out: ProfileColumns = {};
  const text = (value: string | undefined) => (value === undefined ? undefined : value.trim());
  const cpfnpj = text(input.cpfnpj);
  if (cpfnpj !== undefined) {
    if (cpfnpj !== '' && !isValidCpfCnpj(cpfnpj))
      throw new HttpError(400, PROFILE_ANSWER_MESSAGES.documentNumberInvalid, 'validation');
    out.cpfnpj = normalizeDocumentNumber(cpfnpj);
  }
  const cep = text(input.cep);
  if (cep !== undefined) {
    const digits = cep.replace(/\D/g, '');
    if (cep !== '' && (digits.length !== 8 || !/^[\d.\-\s]+$/.test(cep))) {
      throw new HttpError(400, PROFILE_ANSWER_MESSAGES.cepInvalid, 'validation');
    }
    out.cep = digits;
  }
  const uf = text(input.uf)?.toUpperCase();
  if (uf !== undefined) {
    if (uf !== '' && !STATES.has(uf))
      throw new HttpError(400, PROFILE_ANSWER_MESSAGES.stateInvalid, 'validation');
    out.uf = uf;
  }
  const birthDate = text(input.birth_date);
  if (birthDate !== undefined) {
    if (birthDate !== '' && !isRealDate(birthDate, now)) {
      throw new HttpError(400, PROFILE_ANSWER_MESSAGES.birthDateInvalid, 'validation');
    }
    out.birth_date = birthDate === '' ? null : birthDate;
  }
  const plain = {
    phone: text(input.phone),
    nickname: text(input.nickname),
    gender: text(input.gender),
    rua: text(input.rua),
    numero: text(input.numero),
    complemento: text(input.complemento),
    bairro: text(input.bairro),
    cidade: text(input.cidade),
    instagram: text(input.instagram),
    profession: text(input.profession),
    profession_details: text(input.profession_details),
  };
  for (const [key, value] of Object.entries(plain)) {
    if (value !== undefined) (out as Record<string, string>)[key] = value;
  }
  return out;
}
