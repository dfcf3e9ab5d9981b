import { atom, onMount, task } from 'nanostores';
import {
  type CardChargeAnswer,
  type CardConfig,
  chargeCard,
  createPixCharge,
  fetchCardConfig,
  fetchPaymentStatus,
  type PixCharge,
} from '../api/payments.ts';
import type { EntityId } from '../contracts/ids.ts';
import { PAYMENT_MESSAGES } from '../messages/payments.ts';
import { $checkout, completeCheckout, endCheckout } from './checkout.ts';
import { showToast } from './toasts.ts';

/**
 * Payment of the started checkout (docs/payments.md): PIX (the charge, then polling until it
 * is paid or lapses) and card (a gateway token charged with an idempotency key per
 * attempt, in one of the installment splits the API host offers for the total). A paid
 * order closes the checkout; the confirmation reads {@link $payment}.
 */

/** Where the payment stands. */
export type PaymentPhase = 'idle' | 'creating' | 'waiting' | 'paid' | 'expired' | 'declined' | 'failed';

/** The payment of the current checkout. */
export interface PaymentState {
  phase: PaymentPhase;
  method: 'pix' | 'card' | null;
  orderId: EntityId | null;
  /** The open PIX charge (BR Code, QR, expiry). */
  pix: PixCharge | null;
  /** The last card outcome. */
  card: CardChargeAnswer | null;
  /** pt-BR message to show (a decline, an expiry, a failure), else `null`. */
  message: string | null;
}

/** How often the order's status is asked while waiting for a PIX or a pending card (ms). */
export const PAYMENT_POLL_INTERVAL_MS = 3000;

const initial: PaymentState = {
  phase: 'idle',
  method: null,
  orderId: null,
  pix: null,
  card: null,
  message: null,
};

/** The payment of the current checkout. */
export const $payment = atom<PaymentState>(initial);

// A newly reserved order starts a new payment: the last one's outcome (a decline, or the
// "paid" a confirmation showed) must not carry over to it.
onMount($payment, () =>
  $checkout.listen((checkout, previous) => {
    if (checkout && String(checkout.order.id) !== String(previous?.order.id)) resetPayment();
  }),
);

function patch(next: Partial<PaymentState>): void {
  $payment.set({ ...$payment.get(), ...next });
}

function orderOf(orderId: EntityId | undefined): EntityId | null {
  return orderId ?? $checkout.get()?.order.id ?? null;
}

let stopWatch: (() => void) | null = null;

/** Stops polling the order's status (leaving checkout, unmounting the payment view). */
export function stopPaymentWatch(): void {
  stopWatch?.();
  stopWatch = null;
}

/** Forgets the payment (a new checkout). */
export function resetPayment(): void {
  stopPaymentWatch();
  cardAttempt = null;
  $payment.set(initial);
}

function settlePaid(): void {
  stopPaymentWatch();
  patch({ phase: 'paid', message: null });
  completeCheckout();
}

/**
 * Polls `GET /payments/{orderId}/status` every {@link PAYMENT_POLL_INTERVAL_MS} until the
 * order is paid (checkout completes), expired or cancelled (checkout ends), or the returned
 * stop function is called. A failed poll is retried at the next tick: the PSP confirms
 * in its own time and the checkout's expiry bounds the wait.
 */
export function watchPaymentStatus(
  orderId: EntityId,
  intervalMs: number = PAYMENT_POLL_INTERVAL_MS,
): () => void {
  stopPaymentWatch();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const forCheckout = String($checkout.get()?.order.id) === String(orderId);
  const tick = async () => {
    // Checkout ended meanwhile (expiry, quit in another tab): nobody waits for this order.
    if (forCheckout && $checkout.get() === null) return stop();
    try {
      const answer = await fetchPaymentStatus(orderId);
      if (stopped) return;
      if (answer.status === 'paid') return settlePaid();
      if (answer.status === 'expired' || answer.status === 'cancelled') {
        stopPaymentWatch();
        patch({ phase: 'expired', message: answer.message || PAYMENT_MESSAGES.expired });
        await endCheckout();
        return;
      }
      if (answer.status === 'refund_required') {
        stopPaymentWatch();
        patch({ phase: 'failed', message: answer.message });
        return;
      }
    } catch {
      // Transient: the next tick asks again.
    }
    if (!stopped) timer = setTimeout(() => void task(tick), intervalMs);
  };
  timer = setTimeout(() => void task(tick), intervalMs);
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  stopWatch = stop;
  return stop;
}

/** The outcome of a payment action. */
export type PaymentResult = { ok: true; state: PaymentState } | { ok: false; message: string };

function failPayment(message: string, phase: PaymentPhase = 'failed'): PaymentResult {
  patch({ phase, message });
  showToast({ kind: 'error', message });
  return { ok: false, message };
}

/**
 * Opens the PIX charge of the checkout's order (`POST /payments/pix`) and starts watching
 * for the payment. Resolves with the charge in {@link $payment}.
 */
export function startPixPayment(
  options: { orderId?: EntityId; intervalMs?: number } = {},
): Promise<PaymentResult> {
  return task(async () => {
    const orderId = orderOf(options.orderId);
    if (orderId === null) return failPayment(PAYMENT_MESSAGES.noOrder);
    patch({ phase: 'creating', method: 'pix', orderId, message: null });
    try {
      const pix = await createPixCharge(orderId);
      patch({ phase: 'waiting', pix });
      watchPaymentStatus(orderId, options.intervalMs);
      return { ok: true, state: $payment.get() };
    } catch (error) {
      return failPayment(error instanceof Error ? error.message : String(error));
    }
  });
}

/**
 * The card gateway's configuration, once loaded: the tokeniser script and the installment
 * options ("3x de R$ 33,34") the API host computes and charges for the order total it was
 * asked for (`amount`).
 */
export const $cardConfig = atom<CardConfig | null>(null);

/** Loads the card configuration, with the installment options of the checkout's total. */
export function loadCardConfig(): Promise<CardConfig | null> {
  return task(async () => {
    try {
      const config = await fetchCardConfig($checkout.get()?.order.totalCents);
      $cardConfig.set(config);
      return config;
    } catch {
      return null;
    }
  });
}

let cardAttempt: { fingerprint: string; key: string } | null = null;

/**
 * A random attempt key: 32 hex digits. `crypto.randomUUID` exists only in secure contexts,
 * and widgets may run on a producer's plain-http page, where `getRandomValues` still works.
 */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The idempotency key of a card attempt. The same order, token and installments are the
 * same attempt: a retry after a lost answer reuses the key, so the API host returns the
 * first outcome instead of charging twice. Anything else starts a new attempt.
 */
export function cardAttemptKey(orderId: EntityId, token: string, installments: number): string {
  const fingerprint = JSON.stringify([String(orderId), token, installments]);
  if (!cardAttempt || cardAttempt.fingerprint !== fingerprint) {
    cardAttempt = { fingerprint, key: randomKey() };
  }
  return cardAttempt.key;
}

/** Starts a new card attempt on the next charge even with the same token (a new card form). */
export function newCardAttempt(): void {
  cardAttempt = null;
}

/**
 * Pays the checkout's order by card (`POST /payments/card`) with a token from the
 * gateway's tokeniser. Approved completes the checkout; declined keeps it open with the
 * gateway's message; pending waits for the status like PIX.
 */
export function payWithCard(input: {
  token: string;
  installments: number;
  orderId?: EntityId;
  intervalMs?: number;
}): Promise<PaymentResult> {
  return task(async () => {
    const orderId = orderOf(input.orderId);
    if (orderId === null) return failPayment(PAYMENT_MESSAGES.noOrder);
    const key = cardAttemptKey(orderId, input.token, input.installments);
    patch({ phase: 'creating', method: 'card', orderId, message: null });
    let answer: CardChargeAnswer;
    try {
      answer = await chargeCard({ orderId, token: input.token, installments: input.installments }, key);
    } catch (error) {
      return failPayment(error instanceof Error ? error.message : String(error));
    }
    patch({ card: answer });
    if (answer.status === 'approved') {
      settlePaid();
      return { ok: true, state: $payment.get() };
    }
    if (answer.status === 'pending') {
      patch({ phase: 'waiting', message: answer.message });
      watchPaymentStatus(orderId, input.intervalMs);
      return { ok: true, state: $payment.get() };
    }
    return failPayment(answer.message, answer.status === 'declined' ? 'declined' : 'failed');
  });
}
