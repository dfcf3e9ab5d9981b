/**
 * E-mail address check shared by the login dialog, sign-up and the API host (docs/accounts.md:
 * "Endereço de e-mail inválido"). Deliberately pragmatic rather than full RFC 5322:
 * one `@`, a local part without spaces, and a dotted domain whose labels are letters,
 * digits or hyphens, ending in a TLD of two or more letters. Dependency-free.
 */

// Read left to right:
// - the whole address is at most 254 characters, the longest SMTP can carry in a path (the
//   first lookahead);
// - the local part is at most 64 characters before the `@` (the lookahead), made of dot-separated
//   runs of RFC 5322 "atext" characters, so it never starts or ends with a dot nor holds two in a row;
// - the domain is one or more labels followed by a dot, each 1 to 63 letters, digits or
//   hyphens without a hyphen at either end;
// - the last label (the TLD) is 2 to 63 letters.
const EMAIL =
  /^(?=.{1,254}$)(?=[^@]{1,64}@)[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[A-Za-z\d](?:[A-Za-z\d-]{0,61}[A-Za-z\d])?\.)+[A-Za-z]{2,63}$/;

/** Whether the value looks like a deliverable e-mail address (surrounding spaces are ignored). */
export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL.test(value.trim());
}
