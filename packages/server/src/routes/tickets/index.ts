import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  PendingTransfersAnswer,
  TicketCodeKeyAnswer,
  TicketCodeKeysAnswer,
  TicketIdParams,
  TicketListSchema,
  TransferAnswer,
  TransferBody,
  TransferCreatedAnswer,
  TransferIdParams,
} from '../../schemas/tickets.ts';
import {
  acceptTransfer,
  cancelTransfer,
  createTransfer,
  pendingTransfers,
} from '../../ticket-transfers/transfers.ts';
import { ownerTicketCodeKey, ownerTicketCodeKeys } from '../../tickets/code-keys.ts';
import { customerTickets } from '../../tickets/customer-tickets.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * "Meus Ingressos" (docs/tickets.md): the customer's tickets, the secrets that draw their
 * rotating QR codes (owner only, never cached, never logged) and transfers by e-mail.
 */
const tickets: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['tickets'], security: [{ bearer: [] }] };

  app.get(
    '/tickets',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The customer's tickets, including those bought for or transferred to their e-mail.",
        response: { 200: TicketListSchema, 401: ErrorSchema },
      },
    },
    async (request) => customerTickets(app.database.db, request.customer, app.now()),
  );

  app.get(
    '/tickets/code-keys',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The code secrets of every valid ticket the customer holds, to draw QR codes offline.',
        response: { 200: TicketCodeKeysAnswer, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const keys = await ownerTicketCodeKeys(app.database.db, request.customer.id, app.now());
      return { keys, serverTime: app.now().getTime() };
    },
  );

  app.get(
    '/tickets/:id/code-key',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "One ticket's code secret, for its owner only.",
        params: TicketIdParams,
        response: { 200: TicketCodeKeyAnswer, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const key = await ownerTicketCodeKey(app.database.db, request.customer.id, request.params.id);
      return { ...key, serverTime: app.now().getTime() };
    },
  );

  app.post(
    '/tickets/:id/transfer',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Transfers a ticket to an e-mail; it stays pending until accepted.',
        params: TicketIdParams,
        body: TransferBody,
        response: { 200: TransferCreatedAnswer, ...errors, 429: ErrorSchema },
      },
    },
    async (request) => {
      const deps = { now: app.now(), mailer: app.mailer, siteUrl: app.config.siteUrl };
      return createTransfer(app.database.db, deps, request.customer, request.params.id, request.body.email);
    },
  );

  app.get(
    '/tickets/transfers',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Pending transfers the customer sent and received.',
        response: { 200: PendingTransfersAnswer, 401: ErrorSchema },
      },
    },
    async (request) => pendingTransfers(app.database.db, request.customer),
  );

  app.post(
    '/tickets/transfers/:id/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The sender takes back a pending transfer.',
        params: TransferIdParams,
        response: { 200: TransferAnswer, ...errors },
      },
    },
    async (request) => ({
      transfer: await cancelTransfer(app.database.db, request.customer, request.params.id, app.now()),
    }),
  );

  app.post(
    '/tickets/transfers/:id/accept',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The recipient accepts a pending transfer; the sender's code stops working.",
        params: TransferIdParams,
        response: { 200: TransferAnswer, ...errors },
      },
    },
    async (request) => ({
      transfer: await acceptTransfer(app.database.db, request.customer, request.params.id, app.now()),
    }),
  );
};

export default tickets;
