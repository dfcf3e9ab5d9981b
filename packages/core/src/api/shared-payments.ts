/**
 * The shared-payment calls (docs/shared-payments.md): the leader splits a reserved order's
 * payment, each share paid by its own PIX charge. A share's page works without an account:
 * the token of the e-mailed link goes in the `X-Share-Token` header. Answer shapes are core's
 * shared-payments contract, shared with the API host; failures reject with an `ApiError`
 * carrying the API host's pt-BR text when it sent one.
 */
import type { EntityId } from '../contracts/ids.ts';
import type {
  CreateSharedPaymentRequest,
  ResendSharedPaymentEmailsAnswer,
  SharedPaymentPage,
  SharedPaymentView,
  SharePaymentView,
} from '../contracts/shared-payments.ts';
import { SHARED_PAYMENT_MESSAGES } from '../messages/shared-payments.ts';
import { apiClient, callApi, postJson } from './client.ts';
import { searchParams, wireId } from './public-read.ts';

export type {
  CreateSharedPaymentRequest,
  ResendSharedPaymentEmailsAnswer,
  SharedPaymentListItem,
  SharedPaymentPage,
  SharedPaymentStatus,
  SharedPaymentSummary,
  SharedPaymentView,
  SharePaymentView,
  ShareRequest,
  ShareStatus,
  ShareView,
} from '../contracts/shared-payments.ts';

/** The header carrying a share link's token (`?t=` of the e-mailed link). */
export const SHARE_TOKEN_HEADER = 'X-Share-Token';

const loadMessages = { fallback: SHARED_PAYMENT_MESSAGES.loadFailed, preferServerMessage: true };
const path = (...parts: EntityId[]) => parts.map((part) => encodeURIComponent(part)).join('/');

/** GET with the share token when there is one; the poller keeps its own rhythm, so no retries. */
function getShared<T>(
  url: string,
  token: string | null | undefined,
  query?: Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = token ? { [SHARE_TOKEN_HEADER]: token } : {};
  return callApi(
    () =>
      apiClient()
        .get(url, { headers, retry: 0, ...(query ? { searchParams: query } : {}) })
        .json<T>(),
    loadMessages,
  );
}

/** `POST /shared-payments/create`: splits the order; the first share is the leader's. */
export function createSharedPayment(request: CreateSharedPaymentRequest): Promise<SharedPaymentView> {
  return postJson(
    'shared-payments/create',
    { ...request, orderId: wireId(request.orderId) },
    { fallback: SHARED_PAYMENT_MESSAGES.createFailed, preferServerMessage: true },
  );
}

/** `GET /shared-payments/status/{id}`: the group, as the leader or a participant sees it. */
export function fetchSharedPayment(id: EntityId, shareToken?: string | null): Promise<SharedPaymentView> {
  return getShared(`shared-payments/${path('status', id)}`, shareToken);
}

/** `GET /shared-payments/payment/{shareId}`: one share with its PIX charge while payable by this viewer. */
export function fetchSharePayment(shareId: EntityId, shareToken?: string | null): Promise<SharePaymentView> {
  return getShared(`shared-payments/${path('payment', shareId)}`, shareToken);
}

/** Which groups a list holds: led by the customer, or led or joined. */
export type SharedPaymentListScope = 'leader' | 'all';

/**
 * `GET /shared-payments/user/{userId}` (groups the customer leads) or `/user-all/{userId}`
 * (led or joined), newest first; page 1 and 10 a page unless asked.
 */
export function fetchSharedPayments(
  userId: EntityId,
  options: { scope?: SharedPaymentListScope; page?: number; limit?: number } = {},
): Promise<SharedPaymentPage> {
  const route = options.scope === 'leader' ? 'user' : 'user-all';
  return getShared(
    `shared-payments/${path(route, userId)}`,
    null,
    searchParams({ page: options.page, limit: options.limit }),
  );
}

/** `POST /shared-payments/resend-emails/{id}` (leader only): the invitation again to these e-mails. */
export function resendSharedPaymentEmails(
  id: EntityId,
  emails: readonly string[],
): Promise<ResendSharedPaymentEmailsAnswer> {
  return postJson(
    `shared-payments/${path('resend-emails', id)}`,
    { emails },
    { fallback: SHARED_PAYMENT_MESSAGES.resendFailed, preferServerMessage: true },
  );
}
