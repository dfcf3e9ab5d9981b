/**
 * The card gateway. Card data is tokenised in the browser by the gateway's own script, so
 * Plateia's server only ever sees a single-use token; it then charges the token with an
 * idempotency key per attempt, so a retried request never charges twice.
 */

/** How a charge ended (or not yet). */
export type CardChargeStatus = 'approved' | 'declined' | 'pending';

/** A charge to make. */
export interface CardChargeRequest {
  /** The token the gateway's browser script returned. */
  token: string;
  amountCents: number;
  installments: number;
  /** One per payment attempt: the gateway answers a repeat with the first result. */
  idempotencyKey: string;
  /** Shown on the card statement / in the gateway's dashboard. */
  description?: string;
  /** Our reference (the order id). */
  reference?: string;
}

/** A charge as the gateway reports it. */
export interface CardCharge {
  id: string;
  status: CardChargeStatus;
  /** The gateway's reason code (e.g. `cc_rejected_insufficient_amount`). */
  statusDetail: string;
  amountCents: number;
  installments: number;
  card: { brand: string; last4: string };
}

/** How a refund ended (or not yet). */
export type CardRefundStatus = 'succeeded' | 'pending' | 'failed';

/** A refund to make of an approved charge. */
export interface CardRefundRequest {
  chargeId: string;
  amountCents: number;
  /** One per refund: the gateway answers a repeat with the first result, never refunding twice. */
  idempotencyKey: string;
  reason?: string;
}

/** A refund as the gateway reports it. */
export interface CardRefund {
  id: string;
  chargeId: string;
  status: CardRefundStatus;
  /** The gateway's reason code (`refunded`, `refund_rejected`, …). */
  statusDetail: string;
  amountCents: number;
}

/** A gateway refusal that is not a decline: bad or used token, key reused for another charge, outage. */
export class CardGatewayError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** What Plateia needs from a card gateway. */
export interface CardGateway {
  /** The browser tokeniser script to load on the checkout page. */
  readonly tokenizerScriptUrl: string;
  /** The global the script defines (`window[name].tokenize(card)`). */
  readonly tokenizerGlobal: string;
  charge(request: CardChargeRequest): Promise<CardCharge>;
  /** The charge's current state (pending charges settle later); null if unknown. */
  getCharge(id: string): Promise<CardCharge | null>;
  /**
   * Refunds part or all of an approved charge, idempotent by `idempotencyKey`. Throws
   * CardGatewayError when the gateway refuses outright (more than is left, charge not approved).
   */
  refund(request: CardRefundRequest): Promise<CardRefund>;
  /** A refund's current state; null if unknown. */
  getRefund(id: string): Promise<CardRefund | null>;
}

/** How to reach a gateway speaking the sandbox's HTTP API. */
export interface HttpCardGatewayOptions {
  baseUrl: string;
  /** Where browsers load the gateway (defaults to `baseUrl`). */
  publicUrl?: string;
  /** The merchant's secret key, sent as a bearer token. */
  secretKey: string;
  timeoutMs?: number;
}

/**
 * A `CardGateway` over HTTP: `POST /v1/charges` with an `Idempotency-Key` header,
 * `GET /v1/charges/{id}`, `POST /v1/charges/{id}/refunds` (also keyed) and
 * `GET /v1/refunds/{id}`, the shape the sandbox serves and common gateways share.
 */
export class HttpCardGateway implements CardGateway {
  readonly tokenizerScriptUrl: string;
  readonly tokenizerGlobal = 'PlateiaSandboxCard';
  readonly #options: HttpCardGatewayOptions;

  constructor(options: HttpCardGatewayOptions) {
    this.#options = options;
    this.tokenizerScriptUrl = `${(options.publicUrl ?? options.baseUrl).replace(/\/$/, '')}/tokenizer.js`;
  }

  async #call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(`${this.#options.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${this.#options.secretKey}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new CardGatewayError(0, 'unreachable', `card gateway unreachable: ${(error as Error).message}`);
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      throw new CardGatewayError(
        response.status,
        'bad_response',
        'card gateway answered something other than JSON',
      );
    }
    return { status: response.status, json };
  }

  async charge(request: CardChargeRequest): Promise<CardCharge> {
    const { status, json } = await this.#call(
      'POST',
      '/v1/charges',
      {
        token: request.token,
        amount: request.amountCents,
        installments: request.installments,
        description: request.description,
        reference: request.reference,
      },
      { 'idempotency-key': request.idempotencyKey },
    );
    if (status !== 200 && status !== 201) {
      const error = json as { error?: string; message?: string } | null;
      throw new CardGatewayError(
        status,
        error?.error ?? 'error',
        error?.message ?? `gateway answered ${status}`,
      );
    }
    return json as CardCharge;
  }

  async getCharge(id: string): Promise<CardCharge | null> {
    const { status, json } = await this.#call('GET', `/v1/charges/${encodeURIComponent(id)}`);
    if (status === 404) return null;
    if (status !== 200) throw new CardGatewayError(status, 'error', `gateway answered ${status}`);
    return json as CardCharge;
  }

  async refund(request: CardRefundRequest): Promise<CardRefund> {
    const { status, json } = await this.#call(
      'POST',
      `/v1/charges/${encodeURIComponent(request.chargeId)}/refunds`,
      { amount: request.amountCents, reason: request.reason },
      { 'idempotency-key': request.idempotencyKey },
    );
    if (status !== 200 && status !== 201) {
      const error = json as { error?: string; message?: string } | null;
      throw new CardGatewayError(
        status,
        error?.error ?? 'error',
        error?.message ?? `gateway answered ${status}`,
      );
    }
    return json as CardRefund;
  }

  async getRefund(id: string): Promise<CardRefund | null> {
    const { status, json } = await this.#call('GET', `/v1/refunds/${encodeURIComponent(id)}`);
    if (status === 404) return null;
    if (status !== 200) throw new CardGatewayError(status, 'error', `gateway answered ${status}`);
    return json as CardRefund;
  }
}
