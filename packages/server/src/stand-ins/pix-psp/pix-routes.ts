/**
 * The API Pix's received PIX and their devoluções: `GET /pix/{e2eid}` and
 * `PUT/GET /pix/{e2eid}/devolucao/{id}`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { centsToValor, DEVOLUCAO_ID, valorToCents } from '../../payments/pix/provider.ts';
import { invalidDevolucao, pixNotFound, problem } from './problems.ts';
import { type PspState, sumCents, visiblePix } from './state.ts';

type DevolucaoBody = { valor?: unknown; descricao?: unknown } | null;

/** PUT /pix/{e2eid}/devolucao/{id}: asks a devolução; the same id again is the same one. */
function requestDevolucao(
  state: PspState,
  e2eid: string,
  id: string,
  body: DevolucaoBody,
  reply: FastifyReply,
) {
  const stored = state.received.get(e2eid);
  if (!stored) return pixNotFound(reply);
  if (!DEVOLUCAO_ID.test(id)) {
    return invalidDevolucao(reply, 'O id da devolução deve ter de 1 a 35 caracteres alfanuméricos.');
  }
  const valor = body?.valor;
  const cents = typeof valor === 'string' ? valorToCents(valor) : null;
  if (!cents) return invalidDevolucao(reply, 'valor deve ser um valor positivo com duas casas ("10.00").');
  const existing = stored.pix.devolucoes.find((dev) => dev.id === id);
  if (existing) {
    // The same id asked again: the same devolução, never a second return.
    if (valorToCents(existing.valor) !== cents) {
      return invalidDevolucao(reply, 'Já existe uma devolução com este id e outro valor.');
    }
    return reply.status(200).send({ ...existing });
  }
  const committed =
    sumCents(stored.pix.devolucoes, 'DEVOLVIDO') + sumCents(stored.pix.devolucoes, 'EM_PROCESSAMENTO');
  if (committed + cents > stored.paidCents) {
    return invalidDevolucao(
      reply,
      `O valor excede o disponível para devolução (${centsToValor(stored.paidCents - committed)}).`,
    );
  }
  const dev = state.requestDevolucao(stored, id, cents, body?.descricao);
  return reply.status(201).send({ ...dev, horario: { ...dev.horario } });
}

export function registerPixRoutes(app: FastifyInstance, state: PspState): void {
  app.get<{ Params: { e2eid: string } }>('/pix/:e2eid', async (request, reply) => {
    const stored = state.received.get(request.params.e2eid);
    if (!stored) return pixNotFound(reply);
    return visiblePix(stored);
  });

  app.put<{ Params: { e2eid: string; id: string }; Body: DevolucaoBody }>(
    '/pix/:e2eid/devolucao/:id',
    async (request, reply) =>
      requestDevolucao(state, request.params.e2eid, request.params.id, request.body, reply),
  );

  app.get<{ Params: { e2eid: string; id: string } }>('/pix/:e2eid/devolucao/:id', async (request, reply) => {
    const stored = state.received.get(request.params.e2eid);
    if (!stored) return pixNotFound(reply);
    const dev = stored.pix.devolucoes.find((entry) => entry.id === request.params.id);
    if (!dev) {
      return problem(
        reply,
        404,
        'DevolucaoNaoEncontrada',
        'Devolução não encontrada.',
        'Nenhuma devolução com este id para este Pix.',
      );
    }
    return { ...dev, horario: { ...dev.horario } };
  });
}
