/**
 * The sandbox's own controls, which no real PSP has: the charge page, "Simular pagamento"
 * (`POST /sandbox/cob/{txid}/pagar`), ending a devolução by hand and arming the next one to
 * fail. Open to browsers (CORS), since the checkout's sandbox button calls the pay action.
 */
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chargePage, devolucaoLabels } from './page.ts';
import type { DevolucaoOutcome, PspState } from './state.ts';

const fromForm = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const backToPage = (reply: FastifyReply, txid: string, message: string) =>
  reply.redirect(`/sandbox/cob/${encodeURIComponent(txid)}?msg=${encodeURIComponent(message)}`, 303);

/** Sandbox controls answer JSON to scripts and redirect a browser form back to the charge page. */
function sandboxAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  txid: string | undefined,
  status: number,
  message: string,
) {
  if (fromForm(request) && txid) return backToPage(reply, txid, message);
  return reply.status(status).send(status === 200 ? { message } : { error: 'sandbox', message });
}

/** The form parser and CORS the browser-facing controls need. */
function openToBrowsers(app: FastifyInstance): void {
  // The simulate form posts url-encoded with nothing the PSP needs.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  // Browsers (the checkout's sandbox button) may call the simulate action directly.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/sandbox/')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type');
    if (request.method === 'OPTIONS') return reply.status(204).send();
  });
}

/** POST /sandbox/pix/{e2eid}/devolucao/{id}/{devolver|recusar}: ends a devolução by hand. */
async function settleByHand(
  state: PspState,
  request: FastifyRequest<{ Params: { e2eid: string; id: string; outcome: string } }>,
  reply: FastifyReply,
) {
  const { e2eid, id } = request.params;
  const stored = state.received.get(e2eid);
  const outcome = { devolver: 'DEVOLVIDO', recusar: 'NAO_REALIZADO' }[request.params.outcome] as
    | DevolucaoOutcome
    | undefined;
  if (!outcome) return reply.status(400).send({ error: 'sandbox', message: 'Use devolver ou recusar.' });
  const done = await state.settleDevolucao(e2eid, id, outcome);
  return done
    ? sandboxAnswer(
        request,
        reply,
        stored?.pix.txid,
        200,
        `Devolução ${devolucaoLabels[outcome].toLowerCase()}.`,
      )
    : sandboxAnswer(request, reply, stored?.pix.txid, 409, 'Nenhuma devolução em processamento com este id.');
}

/** POST /sandbox/cob/{txid}/pagar: the payer pays; JSON for scripts, back to the page for a form. */
async function payByHand(
  state: PspState,
  request: FastifyRequest<{ Params: { txid: string } }>,
  reply: FastifyReply,
) {
  const outcome = await state.pay(request.params.txid);
  if (fromForm(request)) {
    const msg = outcome.status === 200 ? 'Pagamento simulado com sucesso.' : outcome.error;
    return backToPage(reply, request.params.txid, msg);
  }
  if (outcome.status !== 200)
    return reply.status(outcome.status).send({ error: 'sandbox', message: outcome.error });
  return { status: 'CONCLUIDA', pix: outcome.pix, webhookStatus: outcome.webhookStatus };
}

export function registerSandboxRoutes(app: FastifyInstance, state: PspState): void {
  openToBrowsers(app);

  app.post<{ Params: { e2eid: string; id: string; outcome: string } }>(
    '/sandbox/pix/:e2eid/devolucao/:id/:outcome',
    async (request, reply) => settleByHand(state, request, reply),
  );

  app.post<{ Params: { e2eid: string } }>('/sandbox/pix/:e2eid/recusar-proxima', async (request, reply) => {
    const stored = state.received.get(request.params.e2eid);
    if (!stored) return reply.status(404).send({ error: 'sandbox', message: 'Pix não encontrado.' });
    stored.failNext = true;
    return sandboxAnswer(
      request,
      reply,
      stored.pix.txid,
      200,
      'A próxima devolução deste Pix será recusada.',
    );
  });

  app.get<{ Params: { txid: string }; Querystring: { msg?: string } }>(
    '/sandbox/cob/:txid',
    async (request, reply) => {
      const cob = state.charges.get(request.params.txid);
      if (!cob) {
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(`<p>${PAYMENT_SANDBOX_MESSAGES.chargeNotFound}</p>`);
      }
      const paid = cob.pix?.[0] ? state.received.get(cob.pix[0].endToEndId) : undefined;
      return reply
        .type('text/html; charset=utf-8')
        .send(chargePage(cob, state.isExpired(cob), request.query.msg, paid));
    },
  );

  app.post<{ Params: { txid: string } }>('/sandbox/cob/:txid/pagar', async (request, reply) =>
    payByHand(state, request, reply),
  );
}
