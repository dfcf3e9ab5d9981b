/** The logged-in customer's account entries, shared by the avatar menu and the mobile drawer. */
export interface AccountLink {
  label: string;
  href: string;
}

/** Avatar menu entries in the spec's order (the help link and "Sair" follow them). */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { label: 'Minha Conta', href: '/settings/perfil' },
  { label: 'Minha Carteira', href: '/cashless' },
  { label: 'Meus Amigos', href: '/friends' },
  { label: 'Meus suportes', href: '/support' },
];

/** The producers' door scanner (docs/check-in.md), listed after the account entries for producers only. */
export const CHECK_IN_LINK: AccountLink = { label: 'Check-in na portaria', href: '/produtor/check-in' };

/** Path of "Meus Ingressos". */
export const MY_TICKETS_HREF = '/mytickets';

/** Initials shown when the customer has no avatar picture: "Ana Souza" gives "AS". */
export function initialsOf(first: unknown, last: unknown, fallback: unknown): string {
  const pick = (value: unknown) => (typeof value === 'string' ? value.trim().charAt(0) : '');
  const initials = `${pick(first)}${pick(last)}`;
  if (initials) return initials.toUpperCase();
  return pick(fallback).toUpperCase() || '?';
}
