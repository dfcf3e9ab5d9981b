/**
 * The API Pix's charges and webhooks: `PUT/GET/PATCH /cob/{txid}` and `PUT /webhook/{chave}`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COB_TXID, valorToCents } from '../../payments/pix/provider.ts';
import { cobNotFound, invalidCob, problem } from './problems.ts';
import { type PspState, visibleCob } from './state.ts';

type CobBody = Partial<{
  calendario: { expiracao?: unknown };
  valor: { original?: unknown };
  chave: unknown;
  solicitacaoPagador: unknown;
}> | null;

/** PUT /cob/{txid}: creates the charge, or answers why it cannot. */
function createCob(state: PspState, txid: string, body: CobBody, reply: FastifyReply) {
  if (!COB_TXID.test(txid)) {
    return invalidCob(reply, 'O txid deve ter de 26 a 35 caracteres alfanuméricos.');
  }
  if (state.charges.has(txid)) {
    return invalidCob(reply, 'Já existe uma cobrança com este txid.');
  }
  const expiracao = body?.calendario?.expiracao ?? 86_400;
  const original = body?.valor?.original;
  const chave = body?.chave;
  if (
    typeof expiracao !== 'number' ||
    !Number.isInteger(expiracao) ||
    expiracao <= 0 ||
    typeof original !== 'string' ||
    !valorToCents(original) ||
    typeof chave !== 'string' ||
    chave.length === 0 ||
    chave.length > 77
  ) {
    return invalidCob(reply, 'calendario.expiracao, valor.original ou chave inválidos.');
  }
  const cob = state.createCob({
    txid,
    expiracao,
    original,
    chave,
    ...(typeof body?.solicitacaoPagador === 'string'
      ? { solicitacaoPagador: body.solicitacaoPagador.slice(0, 140) }
      : {}),
  });
  return reply.status(201).send(visibleCob(cob));
}

/** PATCH /cob/{txid}: the receiver removes an ATIVA charge (the only change allowed). */
function removeCob(state: PspState, txid: string, status: unknown, reply: FastifyReply) {
  const cob = state.charges.get(txid);
  if (!cob) return cobNotFound(reply);
  if (status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
    return invalidCob(reply, 'Só é possível remover a cobrança.');
  }
  if (cob.status !== 'ATIVA') {
    return invalidCob(reply, `A cobrança está ${cob.status}.`);
  }
  cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  cob.revisao += 1;
  return visibleCob(cob);
}

/** PUT /webhook/{chave}: where the PIX received on this key are POSTed. */
function configureWebhook(state: PspState, chave: string, url: unknown, reply: FastifyReply) {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    return problem(
      reply,
      400,
      'WebhookOperacaoInvalida',
      'Webhook inválido.',
      'webhookUrl deve ser uma URL.',
    );
  }
  state.webhooks.set(chave, url.replace(/\/$/, ''));
  return reply.status(200).send({ webhookUrl: url, chave, criacao: state.now().toISOString() });
}

export function registerCobRoutes(app: FastifyInstance, state: PspState): void {
  app.put<{ Params: { txid: string }; Body: unknown }>('/cob/:txid', async (request, reply) =>
    createCob(state, request.params.txid, request.body as CobBody, reply),
  );

  app.get<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    const cob = state.charges.get(request.params.txid);
    if (!cob) return cobNotFound(reply);
    return visibleCob(cob);
  });

  app.patch<{ Params: { txid: string }; Body: { status?: unknown } | null }>(
    '/cob/:txid',
    async (request, reply) => removeCob(state, request.params.txid, request.body?.status, reply),
  );

  app.put<{ Params: { chave: string }; Body: { webhookUrl?: unknown } | null }>(
    '/webhook/:chave',
    async (request, reply) => configureWebhook(state, request.params.chave, request.body?.webhookUrl, reply),
  );
}
