/**
 * The refund policy and the refund amounts (docs/refunds.md), shared by the API host (which
 * decides) and the storefront (which shows the rule and its reason before asking).
 *
 * Policy (docs/refunds.md): a ticket may be refunded within 7 days of its purchase AND more than
 * 48 hours before the event starts, or at any time when the producer cancelled or changed
 * the event. Amounts: the ticket's price and its share of the service fee (CDC art. 49:
 * amounts paid "a qualquer título" go back), in integer cents.
 */
import { REFUND_POLICY_MESSAGES } from '../messages/refunds.ts';

/** How long after the purchase a refund may be asked: 7 days. */
export const REFUND_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** How close to the event a refund may no longer be asked: 48 hours. */
export const REFUND_EVENT_MARGIN_MS = 48 * 60 * 60 * 1000;

/** Why the policy allows or refuses a refund now. */
export type RefundPolicyReason = keyof typeof REFUND_POLICY_MESSAGES;

/** What the policy needs to know about a ticket's purchase and its event. */
export interface RefundPolicyInput {
  /** When the order was paid (ISO or Date). */
  purchasedAt: string | Date;
  eventStartsAt: string | Date;
  /** 'cancelled' opens refunds for everyone. */
  eventStatus: string;
  /** When the producer changed the event after the sale (opens refunds); null when never. */
  eventChangedAt?: string | Date | null;
  now: Date;
}

/** The policy's answer, with the pt-BR reason shown before confirming. */
export interface RefundPolicyAnswer {
  allowed: boolean;
  reason: RefundPolicyReason;
  message: string;
  /** Until when the ordinary window stays open (ISO), when it is open. */
  deadline: string | null;
}

const ms = (value: string | Date) => new Date(value).getTime();

/**
 * Decides whether a ticket may be refunded at `now`. Exactly 7 days after the purchase is
 * still inside; exactly 48 hours before the event is not ("more than 48 hours").
 */
export function refundPolicy(input: RefundPolicyInput): RefundPolicyAnswer {
  const answer = (allowed: boolean, reason: RefundPolicyReason, deadline: number | null = null) => ({
    allowed,
    reason,
    message: REFUND_POLICY_MESSAGES[reason],
    deadline: deadline === null ? null : new Date(deadline).toISOString(),
  });
  if (input.eventStatus === 'cancelled') return answer(true, 'event_cancelled');
  const changed = input.eventChangedAt ? ms(input.eventChangedAt) : null;
  if (changed !== null && changed > ms(input.purchasedAt)) return answer(true, 'event_changed');
  const now = input.now.getTime();
  const windowEnd = ms(input.purchasedAt) + REFUND_WINDOW_MS;
  const marginStart = ms(input.eventStartsAt) - REFUND_EVENT_MARGIN_MS;
  if (now >= marginStart) return answer(false, 'too_close_to_event');
  if (now > windowEnd) return answer(false, 'window_closed');
  // The window ends at whichever comes first; the margin's own instant is already outside.
  return answer(true, 'within_window', Math.min(windowEnd, marginStart - 1));
}

/** One unit of an order the money is shared among: a ticket, or the order's products. */
export interface RefundUnit {
  /** The ticket's price as issued (`tickets.price_cents`), or a product line's total. */
  priceCents: number;
  /** Lot tickets carry the coupon discount; resale tickets and products do not. */
  kind: 'ticket' | 'resale' | 'product';
}

/** What an order charged. */
export interface RefundOrderTotals {
  discountCents: number;
  feeCents: number;
}

/** One unit's refund: its net price (after its discount share) and its service fee share. */
export interface RefundShare {
  netCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * Shares `amount` among `weights` in integer cents: each gets `floor(amount × w / Σw)` and the
 * cents left over go one each to the first units in order (the lowest ticket ids), so the
 * shares always add up to exactly `amount`.
 */
export function shareCents(amount: number, weights: number[]): number[] {
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * Math.max(0, w)) / total));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length) {
    if ((weights[i] ?? 0) > 0) {
      shares[i] = (shares[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * The refund of every unit of an order (docs/refunds.md, "Amounts"): the coupon discount is
 * shared among lot tickets by price, then the service fee among all units by what they cost
 * after the discount, both with `shareCents`. Each unit gets back its net price plus its fee
 * share, so refunding every unit returns exactly the discounted subtotal plus the whole fee.
 */
export function refundShares(units: RefundUnit[], order: RefundOrderTotals): RefundShare[] {
  const discountWeights = units.map((u) => (u.kind === 'ticket' ? u.priceCents : 0));
  const discounts = shareCents(order.discountCents, discountWeights);
  const nets = units.map((u, i) => Math.max(0, u.priceCents - (discounts[i] ?? 0)));
  const fees = shareCents(order.feeCents, nets);
  return nets.map((net, i) => ({ netCents: net, feeCents: fees[i] ?? 0, totalCents: net + (fees[i] ?? 0) }));
}
