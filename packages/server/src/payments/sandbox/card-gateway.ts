/**
 * The sandbox card gateway: a real HTTP server that serves a browser tokeniser script, turns
 * card data into single-use tokens (so card numbers only ever reach the gateway), and charges
 * tokens with idempotency keys. The outcome follows Mercado Pago's test convention: the
 * cardholder name decides it (APRO approves, OTHE declines, CONT stays pending, …).
 * Approved charges can be refunded (whole or in parts, never beyond the charge), keyed too;
 * `failNextRefund` (or `POST /sandbox/charges/{id}/recusar-reembolso`) makes the next one fail.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import Fastify, { type FastifyInstance } from 'fastify';
import type { CardCharge, CardChargeStatus, CardRefund } from '../card/gateway.ts';

/** How to run the sandbox gateway. */
export interface SandboxCardGatewayOptions {
  port?: number;
  host?: string;
  /** The merchant secret key our API host must present. */
  secretKey?: string;
  /** Where browsers reach it (the tokeniser calls back there); defaults to the listen address. */
  publicUrl?: string;
  now?: () => Date;
}

/** A running sandbox gateway. */
export interface SandboxCardGateway {
  url: string;
  secretKey: string;
  /** How many distinct charges were made (idempotent replays do not count). */
  chargesCreated(): number;
  /** How many distinct refunds were made (replays do not count). */
  refundsCreated(): number;
  /** Cents of this charge refunded successfully. */
  refundedCents(chargeId: string): number;
  /** The next refund of this charge (or any, with `'*'`) fails with `refund_rejected`. */
  failNextRefund(chargeId: string): void;
  close(): Promise<void>;
}

/** Outcomes by the first word of the cardholder name (Mercado Pago's test names). */
export const SANDBOX_HOLDER_OUTCOMES: Record<string, { status: CardChargeStatus; detail: string }> = {
  APRO: { status: 'approved', detail: 'accredited' },
  OTHE: { status: 'declined', detail: 'cc_rejected_other_reason' },
  CONT: { status: 'pending', detail: 'pending_contingency' },
  CALL: { status: 'declined', detail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'declined', detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'declined', detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'declined', detail: 'cc_rejected_bad_filled_date' },
};

/** Documented test card numbers (any Luhn-valid number works; these are the usual ones). */
export const SANDBOX_TEST_CARDS = {
  mastercard: '5031433215406351',
  visa: '4235647728025682',
  amex: '375365153556885',
  elo: '5067766783888311',
} as const;

/** True when the digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card brand from its number prefix. */
export function cardBrand(digits: string): string {
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits))
    return 'elo';
  if (/^(606282|3841)/.test(digits)) return 'hipercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7]|50)/.test(digits)) return 'mastercard';
  return 'desconhecida';
}

interface StoredToken {
  holder: string;
  brand: string;
  last4: string;
  expiresAtMs: number;
  usedBy: string | null;
}

interface StoredCharge {
  charge: CardCharge;
  /** Digest of the request body, so a key reused for a different charge is refused. */
  fingerprint: string;
  refunds: CardRefund[];
  failNextRefund: boolean;
}

function tokenizerScript(baseUrl: string): string {
  // Plain ES5-compatible code: it runs on any host page, loaded by a script tag.
  return `/* Plateia sandbox card tokeniser: card data goes only to ${baseUrl}. */
(function () {
  var base = ${JSON.stringify(baseUrl)};
  function tokenize(card) {
    return fetch(base + '/v1/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        number: String(card.number || '').replace(/\\D/g, ''),
        holder: String(card.holder || ''),
        expMonth: Number(card.expMonth),
        expYear: Number(card.expYear),
        cvv: String(card.cvv || '')
      })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) {
          var error = new Error(body && body.message ? body.message : 'Não foi possível validar o cartão.');
          error.code = body && body.error;
          throw error;
        }
        return { token: body.token, brand: body.brand, last4: body.last4 };
      });
    });
  }
  window.PlateiaSandboxCard = { tokenize: tokenize, version: '1' };
})();
`;
}

/** Starts the sandbox card gateway and resolves once it listens. */
export async function startSandboxCardGateway(
  options: SandboxCardGatewayOptions = {},
): Promise<SandboxCardGateway> {
  const now = options.now ?? (() => new Date());
  const secretKey = options.secretKey ?? 'sk_sandbox_plateia';
  const tokens = new Map<string, StoredToken>();
  const charges = new Map<string, StoredCharge>();
  const byKey = new Map<string, string>();
  const refunds = new Map<string, { refund: CardRefund; fingerprint: string }>();
  const refundByKey = new Map<string, string>();
  let failNextAnyRefund = false;
  let created = 0;
  let refundsMade = 0;
  let baseUrl = '';

  const app: FastifyInstance = Fastify({ logger: false });

  const cors = (origin: string | undefined) => ({
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': 'content-type',
    vary: 'origin',
  });

  const authorized = (header: string | undefined) => {
    const expected = Buffer.from(`Bearer ${secretKey}`);
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.get('/tokenizer.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(tokenizerScript(baseUrl)),
  );

  app.options('/v1/tokens', async (request, reply) =>
    reply.headers(cors(request.headers.origin)).status(204).send(),
  );

  app.post<{ Body: Record<string, unknown> | null }>('/v1/tokens', async (request, reply) => {
    reply.headers(cors(request.headers.origin));
    const body = request.body ?? {};
    const number = String(body.number ?? '').replace(/\D/g, '');
    const holder = String(body.holder ?? '').trim();
    const expMonth = Number(body.expMonth);
    const expYear = Number(body.expYear);
    const cvv = String(body.cvv ?? '');
    const fail = (error: string, message: string) => reply.status(400).send({ error, message });
    if (!luhnValid(number)) return fail('invalid_number', 'Número do cartão inválido.');
    if (!holder) return fail('invalid_holder', 'Informe o nome do titular como está no cartão.');
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12 || !Number.isInteger(expYear)) {
      return fail('invalid_expiry', 'Data de validade inválida.');
    }
    const year = expYear < 100 ? 2000 + expYear : expYear;
    const today = now();
    if (
      year < today.getUTCFullYear() ||
      (year === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)
    ) {
      return fail('expired_card', 'Cartão vencido.');
    }
    const brand = cardBrand(number);
    if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvv))
      return fail('invalid_cvv', 'Código de segurança inválido.');
    const token = `tok_${randomBytes(16).toString('hex')}`;
    // Tokens live 15 minutes, the checkout window; only the holder name, brand and last
    // digits are kept, as a real gateway's token references the vaulted card.
    tokens.set(token, {
      holder,
      brand,
      last4: number.slice(-4),
      expiresAtMs: today.getTime() + 15 * 60_000,
      usedBy: null,
    });
    return { token, brand, last4: number.slice(-4) };
  });

  app.post<{ Body: Record<string, unknown> | null }>('/v1/charges', async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      return reply
        .status(401)
        .send({ error: 'unauthorized', message: PAYMENT_SANDBOX_MESSAGES.invalidSecretKey });
    }
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length < 8 || key.length > 100) {
      return reply
        .status(400)
        .send({ error: 'idempotency_key_required', message: 'Idempotency-Key ausente ou inválida.' });
    }
    const body = request.body ?? {};
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([body.token, body.amount, body.installments]))
      .digest('hex');
    const previous = byKey.get(key);
    if (previous) {
      const stored = charges.get(previous)!;
      if (stored.fingerprint !== fingerprint) {
        return reply.status(422).send({
          error: 'idempotency_conflict',
          message: 'Esta Idempotency-Key já foi usada em outra cobrança.',
        });
      }
      return reply.header('idempotent-replayed', 'true').send(stored.charge);
    }
    const amount = body.amount;
    const installments = body.installments;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return reply.status(400).send({ error: 'invalid_amount', message: 'Valor inválido.' });
    }
    if (
      typeof installments !== 'number' ||
      !Number.isInteger(installments) ||
      installments < 1 ||
      installments > 12
    ) {
      return reply
        .status(400)
        .send({ error: 'invalid_installments', message: 'Número de parcelas inválido.' });
    }
    const token = typeof body.token === 'string' ? tokens.get(body.token) : undefined;
    if (!token || token.expiresAtMs < now().getTime()) {
      return reply
        .status(400)
        .send({ error: 'invalid_token', message: 'Token do cartão inválido ou expirado.' });
    }
    if (token.usedBy) {
      return reply.status(400).send({ error: 'token_used', message: 'Token do cartão já utilizado.' });
    }
    const outcome =
      SANDBOX_HOLDER_OUTCOMES[token.holder.split(/\s+/)[0]!.toUpperCase()] ?? SANDBOX_HOLDER_OUTCOMES.APRO!;
    const id = `ch_${randomBytes(12).toString('hex')}`;
    token.usedBy = id;
    const charge: CardCharge = {
      id,
      status: outcome.status,
      statusDetail: outcome.detail,
      amountCents: amount,
      installments,
      card: { brand: token.brand, last4: token.last4 },
    };
    charges.set(id, { charge, fingerprint, refunds: [], failNextRefund: false });
    byKey.set(key, id);
    created += 1;
    return reply.status(201).send(charge);
  });

  app.get<{ Params: { id: string } }>('/v1/charges/:id', async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      return reply
        .status(401)
        .send({ error: 'unauthorized', message: PAYMENT_SANDBOX_MESSAGES.invalidSecretKey });
    }
    const stored = charges.get(request.params.id);
    if (!stored)
      return reply.status(404).send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
    return stored.charge;
  });

  const refundedOf = (stored: StoredCharge) =>
    stored.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountCents, 0);

  app.post<{ Params: { id: string }; Body: Record<string, unknown> | null }>(
    '/v1/charges/:id/refunds',
    async (request, reply) => {
      if (!authorized(request.headers.authorization)) {
        return reply
          .status(401)
          .send({ error: 'unauthorized', message: PAYMENT_SANDBOX_MESSAGES.invalidSecretKey });
      }
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length < 8 || key.length > 100) {
        return reply
          .status(400)
          .send({ error: 'idempotency_key_required', message: 'Idempotency-Key ausente ou inválida.' });
      }
      const amount = request.body?.amount;
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([request.params.id, amount]))
        .digest('hex');
      const previous = refundByKey.get(key);
      if (previous) {
        const stored = refunds.get(previous)!;
        if (stored.fingerprint !== fingerprint) {
          return reply.status(422).send({
            error: 'idempotency_conflict',
            message: 'Esta Idempotency-Key já foi usada em outro reembolso.',
          });
        }
        return reply.header('idempotent-replayed', 'true').send(stored.refund);
      }
      const stored = charges.get(request.params.id);
      if (!stored)
        return reply
          .status(404)
          .send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
        return reply.status(400).send({ error: 'invalid_amount', message: 'Valor inválido.' });
      }
      if (stored.charge.status !== 'approved') {
        return reply
          .status(409)
          .send({ error: 'not_refundable', message: 'Só cobranças aprovadas podem ser reembolsadas.' });
      }
      if (refundedOf(stored) + amount > stored.charge.amountCents) {
        return reply.status(400).send({
          error: 'amount_exceeds_charge',
          message: 'O valor excede o disponível para reembolso nesta cobrança.',
        });
      }
      const fail = stored.failNextRefund || failNextAnyRefund;
      if (stored.failNextRefund) stored.failNextRefund = false;
      else if (failNextAnyRefund) failNextAnyRefund = false;
      const refund: CardRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        chargeId: stored.charge.id,
        status: fail ? 'failed' : 'succeeded',
        statusDetail: fail ? 'refund_rejected' : 'refunded',
        amountCents: amount,
      };
      stored.refunds.push(refund);
      refunds.set(refund.id, { refund, fingerprint });
      refundByKey.set(key, refund.id);
      refundsMade += 1;
      return reply.status(201).send(refund);
    },
  );

  app.get<{ Params: { id: string } }>('/v1/refunds/:id', async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      return reply
        .status(401)
        .send({ error: 'unauthorized', message: PAYMENT_SANDBOX_MESSAGES.invalidSecretKey });
    }
    const stored = refunds.get(request.params.id);
    if (!stored) return reply.status(404).send({ error: 'not_found', message: 'Reembolso não encontrado.' });
    return stored.refund;
  });

  app.post<{ Params: { id: string } }>('/sandbox/charges/:id/recusar-reembolso', async (request, reply) => {
    const stored = charges.get(request.params.id);
    if (!stored)
      return reply.status(404).send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
    stored.failNextRefund = true;
    return { message: 'O próximo reembolso desta cobrança será recusado.' };
  });

  // Settles a pending (CONT) charge, as the gateway's review eventually would.
  app.post<{ Params: { id: string; outcome: string } }>(
    '/sandbox/charges/:id/:outcome',
    async (request, reply) => {
      const stored = charges.get(request.params.id);
      const outcome = request.params.outcome;
      if (!stored)
        return reply
          .status(404)
          .send({ error: 'not_found', message: PAYMENT_SANDBOX_MESSAGES.chargeNotFound });
      if (outcome !== 'approve' && outcome !== 'decline') {
        return reply.status(400).send({ error: 'invalid_outcome', message: 'Use approve ou decline.' });
      }
      if (stored.charge.status !== 'pending') {
        return reply.status(409).send({ error: 'not_pending', message: 'A cobrança não está pendente.' });
      }
      stored.charge.status = outcome === 'approve' ? 'approved' : 'declined';
      stored.charge.statusDetail = outcome === 'approve' ? 'accredited' : 'cc_rejected_high_risk';
      return stored.charge;
    },
  );

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const listenHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  baseUrl = (options.publicUrl ?? `http://${listenHost}:${port}`).replace(/\/$/, '');
  return {
    url: `http://${listenHost}:${port}`,
    secretKey,
    chargesCreated: () => created,
    refundsCreated: () => refundsMade,
    refundedCents: (chargeId) => {
      const stored = charges.get(chargeId);
      return stored ? refundedOf(stored) : 0;
    },
    failNextRefund(chargeId) {
      if (chargeId === '*') failNextAnyRefund = true;
      else {
        const stored = charges.get(chargeId);
        if (stored) stored.failNextRefund = true;
      }
    },
    close: () => app.close(),
  };
}
