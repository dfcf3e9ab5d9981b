/**
 * PIX sent to a key (`PUT /gn/pix/{idEnvio}`, `GET /gn/pix/enviados/id-envio/{idEnvio}`): how a
 * refund reaches the buyer when the original account refused the devolução. Made at once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { centsToValor, DEVOLUCAO_ID, valorToCents } from '../../payments/pix/provider.ts';
import { invalidEnvio, problem } from './problems.ts';
import type { PspState } from './state.ts';

type EnvioBody = { valor?: unknown; favorecido?: { chave?: unknown } } | null;

/** PUT /gn/pix/{id}: sends the PIX; the same id again with the same data is the same envio. */
function sendPix(state: PspState, id: string, body: EnvioBody, reply: FastifyReply) {
  const valor = body?.valor;
  const cents = typeof valor === 'string' ? valorToCents(valor) : null;
  const chave = body?.favorecido?.chave;
  if (!DEVOLUCAO_ID.test(id) || !cents || typeof chave !== 'string' || !chave || chave.length > 77) {
    return invalidEnvio(reply, 'idEnvio, valor ou chave inválidos.');
  }
  const existing = state.envios.get(id);
  if (existing) {
    if (existing.valor !== centsToValor(cents) || existing.chave !== chave) {
      return invalidEnvio(reply, 'Já existe um envio com este id.');
    }
    return reply.status(200).send(existing);
  }
  return reply.status(201).send(state.sendPix(id, cents, chave));
}

export function registerEnvioRoutes(app: FastifyInstance, state: PspState): void {
  app.put<{ Params: { id: string }; Body: EnvioBody }>('/gn/pix/:id', async (request, reply) =>
    sendPix(state, request.params.id, request.body, reply),
  );

  app.get<{ Params: { id: string } }>('/gn/pix/enviados/id-envio/:id', async (request, reply) => {
    const envio = state.envios.get(request.params.id);
    if (!envio)
      return problem(reply, 404, 'EnvioNaoEncontrado', 'Envio não encontrado.', 'Nenhum envio com este id.');
    return envio;
  });
}
