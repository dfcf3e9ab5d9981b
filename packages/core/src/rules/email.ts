/**
 * E-mail address check shared by the login dialog, sign-up and the API host (spec §5:
 * "Endereço de e-mail inválido"). Deliberately pragmatic rather than full RFC 5322:
 * one `@`, a local part without spaces, and a dotted domain whose labels are letters,
 * digits or hyphens, ending in a TLD of two or more letters. Dependency-free.
 */

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Whether the value looks like a deliverable e-mail address (surrounding spaces are ignored). */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  // 254 is the longest address SMTP can carry in a path.
  if (email.length === 0 || email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? '');
}
