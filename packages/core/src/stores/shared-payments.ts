/**
 * Shared payments (docs/shared-payments.md): the checkout's split of a reserved order into
 * shares paid by PIX each, the group page the leader and participants follow live, one share's
 * page with its PIX charge (reached by the e-mailed link, no account needed), and the list in
 * Meus Ingressos. Pages follow a group or a share by polling (`@nanostores/query` fetcher stores,
 * `stores/fetcher.ts`) while something can still change;
 * the outcome itself (all paid, or expiry and refunds) is the API host's jobs' business.
 */
import { atom, type ReadableAtom, task, type WritableAtom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import {
  createSharedPayment,
  fetchSharedPayment,
  fetchSharedPayments,
  fetchSharePayment,
  resendSharedPaymentEmails,
  type SharedPaymentListScope,
} from '../api/shared-payments.ts';
import type { EntityId } from '../contracts/ids.ts';
import type { ReservedOrder } from '../contracts/orders.ts';
import type {
  SharedPaymentPage,
  SharedPaymentView,
  SharePaymentView,
  ShareRequest,
} from '../contracts/shared-payments.ts';
import { SHARED_PAYMENT_MESSAGES } from '../messages/shared-payments.ts';
import { validateShares } from '../rules/shared-payments.ts';
import { $checkout, completeCheckout } from './checkout.ts';
import { createFetcherStore, type FetcherStore } from './fetcher.ts';
import { $user } from './session.ts';
import { showToast } from './toasts.ts';

/** How often a share's page asks whether its PIX was paid (ms). */
export const SHARE_POLL_INTERVAL_MS = 3000;
/** How often the group page asks for every share's state (ms). */
export const SHARED_PAYMENT_POLL_INTERVAL_MS = 5000;

/** What a page following one thing knows of it. */
export interface Followed<T> {
  view: T | null;
  /** True until the first answer (or failure). */
  loading: boolean;
  /** pt-BR reason when it could not be read and nothing will be shown (401, 403, 404). */
  error: string | null;
}

const unread = <T>(): Followed<T> => ({ view: null, loading: true, error: null });

/** The group the page follows (`/pagamento-compartilhado/{id}`). */
export const $sharedPayment = atom<Followed<SharedPaymentView>>(unread());
/** The share the page follows (`/pagamento-compartilhado/cota/{shareId}`). */
export const $sharePayment = atom<Followed<SharePaymentView>>(unread());
/** The customer's shared payments (Meus Ingressos), newest first. */
export const $mySharedPayments = atom<Followed<SharedPaymentPage>>(unread());

/** Whether a failure is final for this viewer (not allowed, unknown): polling again will not help. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
}

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : SHARED_PAYMENT_MESSAGES.loadFailed;

/** What a page follows: the id, and a share link's token for a participant without a session. */
const followKey = (id: EntityId, shareToken?: string | null): string =>
  new URLSearchParams({ id: String(id), token: shareToken ?? '' }).toString();

function readFollowKey(key: unknown): { id: string; token: string | null } {
  const params = new URLSearchParams(String(key));
  return { id: params.get('id') ?? '', token: params.get('token') || null };
}

/** The group and the share the pages follow, as fetcher-store key parts (`null`: none). */
const $followedGroup = atom<string | null>(null);
const $followedShare = atom<string | null>(null);

/**
 * One polling fetcher store per key prefix and interval, made on first use (so a bundle that
 * only splits a checkout never loads the fetching library): asks again every `intervalMs` while
 * followed, never while the page is hidden, and at once when it shows again.
 */
const pollers = new Map<string, FetcherStore<unknown>>();
function poller<T>(
  prefix: string,
  $followed: ReadableAtom<string | null>,
  read: (id: string, token: string | null) => Promise<T>,
  intervalMs: number,
): FetcherStore<T> {
  const name = `${prefix}@${intervalMs}`;
  let store = pollers.get(name);
  if (!store) {
    store = createFetcherStore<unknown>([prefix, $followed], {
      fetcher: (_prefix, key) => {
        const { id, token } = readFollowKey(key);
        return read(id, token);
      },
      revalidateInterval: intervalMs,
      revalidateOnFocus: true,
      dedupeTime: intervalMs / 2,
      // A failed read is asked again at the next tick; a final one stops the following.
      onErrorRetry: false,
    });
    pollers.set(name, store);
  }
  return store as FetcherStore<T>;
}

/**
 * Follows `key` through its fetcher store into `followed` while `goOn` says the view can still
 * change; stops on a final failure or when the returned function is called. A failed read that
 * is not final (no answer, 5xx) keeps what is shown and is retried at the next tick.
 */
function follow<T>(
  followed: WritableAtom<Followed<T>>,
  $followed: WritableAtom<string | null>,
  $poller: FetcherStore<T>,
  prefix: string,
  key: string,
  goOn: (view: T) => boolean,
): () => void {
  let unbind: (() => void) | null = null;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unbind?.();
    if ($followed.get() === key) $followed.set(null);
  };
  followed.set(unread());
  $followed.set(key);
  unbind = $poller.listen(({ data, error, loading }) => {
    // Another page's key, until this one's reaches the store.
    if (stopped || $poller.key !== `${prefix}${key}`) return;
    if (error !== undefined && !loading) {
      if (isFinal(error)) {
        followed.set({ view: null, loading: false, error: messageOf(error) });
        queueMicrotask(stop);
        return;
      }
      const current = followed.get();
      followed.set({ ...current, loading: false, error: current.view ? null : messageOf(error) });
      return;
    }
    if (data === undefined) return;
    followed.set({ view: data, loading: false, error: null });
    if (!goOn(data)) queueMicrotask(stop);
  });
  if (stopped) unbind();
  return stop;
}

const GROUP_KEY = 'shared-payments/status/';
const SHARE_KEY = 'shared-payments/payment/';

/**
 * Follows a group: every share's state while it is open (the leader watches the friends pay),
 * then stops once completed or expired. `shareToken` is a share link's token, for a
 * participant without a session.
 */
export function watchSharedPayment(
  id: EntityId,
  options: { shareToken?: string | null; intervalMs?: number } = {},
): () => void {
  return follow(
    $sharedPayment,
    $followedGroup,
    poller(
      GROUP_KEY,
      $followedGroup,
      (groupId, token) => fetchSharedPayment(groupId, token),
      options.intervalMs ?? SHARED_PAYMENT_POLL_INTERVAL_MS,
    ),
    GROUP_KEY,
    followKey(id, options.shareToken),
    (view) => view.status === 'open',
  );
}

/** Follows one share until it is no longer waiting for its payment (paid, or the group closed). */
export function watchSharePayment(
  shareId: EntityId,
  options: { shareToken?: string | null; intervalMs?: number } = {},
): () => void {
  return follow(
    $sharePayment,
    $followedShare,
    poller(
      SHARE_KEY,
      $followedShare,
      (id, token) => fetchSharePayment(id, token),
      options.intervalMs ?? SHARE_POLL_INTERVAL_MS,
    ),
    SHARE_KEY,
    followKey(shareId, options.shareToken),
    (view) => view.share.status === 'pending' && view.sharedPayment.status === 'open',
  );
}

/** Reads one page of the customer's shared payments (led or joined unless `scope` says). */
export function loadMySharedPayments(
  options: { scope?: SharedPaymentListScope; page?: number; limit?: number } = {},
): Promise<void> {
  return task(async () => {
    const user = $user.get();
    if (!user) {
      $mySharedPayments.set({ view: null, loading: false, error: SHARED_PAYMENT_MESSAGES.loginForGroup });
      return;
    }
    $mySharedPayments.set({ ...$mySharedPayments.get(), loading: true });
    try {
      const page = await fetchSharedPayments(user.id, options);
      $mySharedPayments.set({ view: page, loading: false, error: null });
    } catch (error) {
      $mySharedPayments.set({ view: null, loading: false, error: messageOf(error) });
    }
  });
}

/** How many tickets an order holds: the shares' tickets add up to it. */
export function orderTicketCount(order: Pick<ReservedOrder, 'items'>): number {
  return order.items
    .filter((item) => item.kind === 'ticket' || item.kind === 'resale')
    .reduce((sum, item) => sum + item.quantity, 0);
}

/** The outcome of {@link splitCheckoutPayment}. */
export type SplitResult = { ok: true; sharedPayment: SharedPaymentView } | { ok: false; message: string };

/**
 * Splits the checkout's reserved order among friends (`POST /shared-payments/create`) after
 * the shares pass `validateShares` (the first is the customer's own e-mail). On success the
 * checkout closes as a paid one does (its seats now belong to the order until the group
 * closes) and the group is returned for its page.
 */
export function splitCheckoutPayment(input: {
  shares: readonly ShareRequest[];
  /** ISO; the API host clips it by the rules (24 h by default, 72 h at most, 24 h before the event). */
  deadline?: string;
}): Promise<SplitResult> {
  return task(async () => {
    const checkout = $checkout.get();
    const user = $user.get();
    if (!checkout || !user) return { ok: false, message: SHARED_PAYMENT_MESSAGES.createFailed };
    const shares = input.shares.map((share) => ({ ...share, email: share.email.trim() }));
    const invalid = validateShares(shares, {
      totalCents: checkout.order.totalCents,
      ticketCount: orderTicketCount(checkout.order),
      leaderEmail: user.user,
    });
    if (invalid) return { ok: false, message: invalid };
    try {
      const sharedPayment = await createSharedPayment({
        orderId: checkout.order.id,
        shares,
        ...(input.deadline ? { deadline: input.deadline } : {}),
      });
      completeCheckout();
      $sharedPayment.set({ view: sharedPayment, loading: false, error: null });
      showToast({ kind: 'success', message: SHARED_PAYMENT_MESSAGES.created });
      return { ok: true, sharedPayment };
    } catch (error) {
      const message = messageOf(error);
      showToast({ kind: 'error', message });
      return { ok: false, message };
    }
  });
}

/**
 * The leader sends a share's invitation again (rate-limited by the API host: its pt-BR 429
 * shows as the toast) and the group is read again, with the new "enviado em".
 */
export function resendShareEmail(sharedPaymentId: EntityId, email: string): Promise<boolean> {
  return task(async () => {
    try {
      const { sent } = await resendSharedPaymentEmails(sharedPaymentId, [email]);
      showToast({ kind: 'success', message: SHARED_PAYMENT_MESSAGES.resent(sent[0] ?? email) });
      try {
        const view = await fetchSharedPayment(sharedPaymentId);
        $sharedPayment.set({ view, loading: false, error: null });
      } catch {
        // The page's polling reads it again.
      }
      return true;
    } catch (error) {
      showToast({
        kind: 'error',
        message: error instanceof ApiError ? error.message : SHARED_PAYMENT_MESSAGES.resendFailed,
      });
      return false;
    }
  });
}
