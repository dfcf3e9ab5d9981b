/** The API Pix's errors: RFC 7807 problem documents with a type under pix.bcb.gov.br. */
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import type { FastifyReply } from 'fastify';

export function problem(reply: FastifyReply, status: number, type: string, title: string, detail: string) {
  return reply
    .status(status)
    .type('application/problem+json')
    .send({ type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, detail });
}

/** A 400 `CobOperacaoInvalida` problem with its detail. */
export function invalidCob(reply: FastifyReply, detail: string) {
  return problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail);
}

export function cobNotFound(reply: FastifyReply) {
  return problem(
    reply,
    404,
    'CobNaoEncontrado',
    PAYMENT_SANDBOX_MESSAGES.chargeNotFound,
    'Nenhuma cobrança com este txid.',
  );
}

export function pixNotFound(reply: FastifyReply) {
  return problem(
    reply,
    404,
    'PixNaoEncontrado',
    'Pix não encontrado.',
    'Nenhum Pix recebido com este e2eid.',
  );
}

export function invalidDevolucao(reply: FastifyReply, detail: string) {
  return problem(reply, 400, 'DevolucaoOperacaoInvalida', 'Devolução inválida.', detail);
}

export function invalidEnvio(reply: FastifyReply, detail: string) {
  return problem(reply, 400, 'EnvioOperacaoInvalida', 'Envio inválido.', detail);
}
