/**
 * The browser side of the gateway: the tokeniser script (`GET /tokenizer.js`) and
 * `POST /v1/tokens`, which turns card data into a single-use token, so card numbers only ever
 * reach the gateway.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { cardBrand, luhnValid } from './cards.ts';
import type { GatewayState } from './state.ts';

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

const cors = (origin: string | undefined) => ({
  'access-control-allow-origin': origin ?? '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  vary: 'origin',
});

/** POST /v1/tokens: checks the card and keeps a token for it (the number itself is not kept). */
function tokenize(state: GatewayState, body: Record<string, unknown>, reply: FastifyReply) {
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
  const today = state.now();
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
  state.tokens.set(token, {
    holder,
    brand,
    last4: number.slice(-4),
    expiresAtMs: today.getTime() + 15 * 60_000,
    usedBy: null,
  });
  return { token, brand, last4: number.slice(-4) };
}

export function registerTokenizerRoutes(app: FastifyInstance, state: GatewayState): void {
  app.get('/tokenizer.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(tokenizerScript(state.baseUrl)),
  );

  app.options('/v1/tokens', async (request, reply) =>
    reply.headers(cors(request.headers.origin)).status(204).send(),
  );

  app.post<{ Body: Record<string, unknown> | null }>('/v1/tokens', async (request, reply) => {
    reply.headers(cors(request.headers.origin));
    return tokenize(state, request.body ?? {}, reply);
  });
}
