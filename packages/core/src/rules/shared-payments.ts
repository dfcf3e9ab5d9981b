/**
 * Shared-payment rules (docs/shared-payments.md), shared by the API host (which decides)
 * and the checkout (which shows the split before it is asked for). Integer cents.
 */

import { formatCents } from '../format/money.ts';
import { isValidEmail } from './email.ts';

/** The leader and at least one friend. */
export const SHARED_PAYMENT_MIN_SHARES = 2;
export const SHARED_PAYMENT_MAX_SHARES = 10;
/** The smallest share: R$ 1,00. */
export const SHARE_MIN_CENTS = 100;
export const DEFAULT_DEADLINE_HOURS = 24;
export const MAX_DEADLINE_HOURS = 72;
/** The deadline is never later than this many hours before the event starts. */
export const EVENT_CUTOFF_HOURS = 24;
/** A group is refused when its deadline would come sooner than this. */
export const MIN_WINDOW_MINUTES = 30;
/** After the deadline only the leader may still pay the unpaid shares, for this long. */
export const LEADER_GRACE_MINUTES = 60;
/** Open groups of one event may hold at most this share of its capacity in tickets… */
export const GROUP_HOLD_SHARE = 0.1;
/** …and never fewer than this many tickets. */
export const GROUP_HOLD_MIN_TICKETS = 10;
export const SHARED_PAYMENTS_PAGE_SIZE = 10;
export const SHARED_PAYMENTS_MAX_PAGE_SIZE = 50;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** An even split of `totalCents` into `parts` shares; leftover cents go to the first shares. */
export function splitEvenly(totalCents: number, parts: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0 || !Number.isInteger(parts) || parts < 1) return [];
  const base = Math.floor(totalCents / parts);
  const rest = totalCents - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < rest ? 1 : 0));
}

/** The tickets each share receives by default: one per friend, the rest to the leader (share 0). */
export function defaultTicketSplit(ticketCount: number, parts: number): number[] {
  if (parts < 1) return [];
  const friends = Math.min(parts - 1, ticketCount);
  return Array.from({ length: parts }, (_, i) => (i === 0 ? ticketCount - friends : i <= friends ? 1 : 0));
}

/** What the leader asks for, as `validateShares` checks it. */
export interface ShareDraft {
  email: string;
  amountCents: number;
  tickets: number;
}

/**
 * Why a split cannot be asked for (pt-BR), or null when it can: 2 to 10 shares, distinct valid
 * e-mails, the leader's first, each at least R$ 1,00, amounts adding up to the total and tickets
 * to the order's ticket count.
 */
export function validateShares(
  shares: readonly ShareDraft[],
  totals: { totalCents: number; ticketCount: number; leaderEmail?: string },
): string | null {
  if (shares.length < SHARED_PAYMENT_MIN_SHARES)
    return 'Adicione pelo menos um amigo para dividir o pagamento.';
  if (shares.length > SHARED_PAYMENT_MAX_SHARES)
    return `Divida em no máximo ${SHARED_PAYMENT_MAX_SHARES} partes.`;
  const seen = new Set<string>();
  for (const share of shares) {
    const email = share.email.trim().toLowerCase();
    if (!email) return 'Informe o e-mail de cada amigo.';
    if (!isValidEmail(email)) return `Informe um e-mail válido (${share.email}).`;
    if (seen.has(email)) return `O e-mail ${email} aparece mais de uma vez.`;
    seen.add(email);
    if (!Number.isInteger(share.amountCents) || share.amountCents < SHARE_MIN_CENTS)
      return `Cada parte deve ser de pelo menos ${formatCents(SHARE_MIN_CENTS)}.`;
    if (!Number.isInteger(share.tickets) || share.tickets < 0)
      return 'Informe quantos ingressos cada pessoa recebe.';
  }
  if (totals.leaderEmail && shares[0]?.email.trim().toLowerCase() !== totals.leaderEmail.trim().toLowerCase())
    return 'A primeira parte é a sua.';
  const sum = shares.reduce((acc, share) => acc + share.amountCents, 0);
  if (sum !== totals.totalCents)
    return `As partes somam ${formatCents(sum)}, mas o total é ${formatCents(totals.totalCents)}.`;
  const tickets = shares.reduce((acc, share) => acc + share.tickets, 0);
  if (tickets !== totals.ticketCount)
    return `Os ingressos distribuídos somam ${tickets}, mas o pedido tem ${totals.ticketCount}.`;
  return null;
}

/**
 * The deadline a group gets: the asked one (or now + 24 h), at most 72 h from now and never
 * later than 24 h before the event; null when that leaves less than 30 minutes.
 */
export function sharedPaymentDeadline(now: Date, eventStartsAt: Date, asked?: Date | null): Date | null {
  const latest = Math.min(
    now.getTime() + MAX_DEADLINE_HOURS * HOUR_MS,
    eventStartsAt.getTime() - EVENT_CUTOFF_HOURS * HOUR_MS,
  );
  const wanted =
    asked && !Number.isNaN(asked.getTime())
      ? asked.getTime()
      : now.getTime() + DEFAULT_DEADLINE_HOURS * HOUR_MS;
  const deadline = Math.min(wanted, latest);
  if (deadline - now.getTime() < MIN_WINDOW_MINUTES * MINUTE_MS) return null;
  return new Date(deadline);
}

/** When a group closes: its deadline plus the leader's grace. */
export function sharedPaymentClosesAt(deadline: Date): Date {
  return new Date(deadline.getTime() + LEADER_GRACE_MINUTES * MINUTE_MS);
}

/** How many tickets open groups of an event with `capacity` tickets may hold. */
export function groupHoldLimit(capacity: number): number {
  return Math.max(GROUP_HOLD_MIN_TICKETS, Math.floor(capacity * GROUP_HOLD_SHARE));
}

/** "j***@gmail.com": what participants see of each other's e-mails. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
