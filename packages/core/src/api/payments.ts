/**
 * The payment calls (docs/payments.md): the PIX charge of a reserved order,
 * its status for polling, the card gateway's configuration and the card charge. The
 * answer shapes are core's payments contract, shared with the API host. Failures reject
 * with an `ApiError` whose message is the API host's text or {@link PAYMENT_FAILED}.
 */
import type { EntityId } from '../contracts/ids.ts';
import type { CardChargeAnswer, PaymentStatusAnswer, PixCharge } from '../contracts/payments.ts';
import type { InstallmentOption } from '../rules/installments.ts';
import { getJson, postJson } from './client.ts';
import { searchParams, wireId } from './public-read.ts';

/** Message for payment calls that fail without a server text (decided in docs/core-buying.md). */
export const PAYMENT_FAILED = 'Não foi possível processar o pagamento, tente novamente';

export type {
  CardChargeAnswer,
  OrderPaymentStatus,
  PaymentStatusAnswer,
  PixCharge,
} from '../contracts/payments.ts';

const paymentMessages = { fallback: PAYMENT_FAILED, preferServerMessage: true };

/** `POST /payments/pix`: opens the PIX charge of a reserved order (or returns the open one). */
export function createPixCharge(orderId: EntityId): Promise<PixCharge> {
  return postJson('payments/pix', { orderId: wireId(orderId) }, paymentMessages);
}

/** `GET /payments/{orderId}/status`, for polling. */
export function fetchPaymentStatus(orderId: EntityId): Promise<PaymentStatusAnswer> {
  // The poller keeps its own rhythm; ky's retries would only stack delays on top of it.
  return getJson(`payments/${encodeURIComponent(orderId)}/status`, paymentMessages, { retry: 0 });
}

/** One installment option as the API host computes it (core's installment rule). */
export type CardInstallmentOption = InstallmentOption;

/** `GET /payments/card/config`: the gateway's tokeniser and the installment limits. */
export interface CardConfig {
  /** The tokeniser script to load. */
  tokenizerUrl: string;
  /** The global the script defines. */
  tokenizerGlobal: string;
  maxInstallments: number;
  minInstallmentCents: number;
  amount: number | null;
  installments: CardInstallmentOption[];
  sandbox: boolean;
  testCards?: Array<{ number: string; holder: string; outcome: string }>;
}

/** `GET /payments/card/config`, with the options for `amountCents` when given. */
export function fetchCardConfig(amountCents?: number): Promise<CardConfig> {
  return getJson('payments/card/config', paymentMessages, {
    searchParams: searchParams({ amount: amountCents }),
  });
}

/** A card payment: the gateway's token, never card data. */
export interface CardChargeRequest {
  orderId: EntityId;
  /** Token from the gateway's tokeniser. */
  token: string;
  installments: number;
}

/**
 * `POST /payments/card`. The idempotency key names the attempt: a retried request with
 * the same key returns the first outcome instead of charging again.
 */
export function chargeCard(request: CardChargeRequest, idempotencyKey: string): Promise<CardChargeAnswer> {
  return postJson(
    'payments/card',
    { ...request, orderId: wireId(request.orderId), idempotencyKey },
    paymentMessages,
  );
}
