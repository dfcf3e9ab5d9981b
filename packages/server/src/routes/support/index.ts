import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SUPPORT_MESSAGES, type SupportCategory } from '@plateia/core/messages/support';
import { HttpError } from '../../plugins/errors.ts';
import { DocumentFile } from '../../schemas/accounts.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  StaffReplyBody,
  SupportAttachmentParams,
  SupportCreateBody,
  SupportCreatedAnswer,
  SupportDoneAnswer,
  SupportIdParams,
  SupportListAnswer,
  SupportReplyBody,
  SupportThreadAnswer,
} from '../../schemas/support.ts';
import {
  createSupportRequest,
  findSupportAttachment,
  listSupportRequests,
  readSupportRequest,
  replyAsCustomer,
  replyAsStaff,
} from '../../support/requests.ts';

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  413: ErrorSchema,
  415: ErrorSchema,
};

/**
 * Support requests ("Meus suportes", docs/social.md): the customer opens, lists, reads and
 * answers their own; support staff answer through `/staff/support/{id}/reply`, which
 * e-mails the customer.
 */
const support: FastifyPluginAsyncTypebox = async (app) => {
  // Attachments (up to 5 MB in all, as base64) take these routes over the host's 64 KB limit.
  const secured = { tags: ['support'], security: [{ bearer: [] }] };
  const withAttachments = { preHandler: app.authenticate, bodyLimit: 8 * 1024 * 1024 };
  const store = () => ({ dataDir: app.config.dataDir, now: app.now() });

  app.post(
    '/support/create',
    {
      ...withAttachments,
      schema: {
        ...secured,
        summary: 'Opens a support request',
        body: SupportCreateBody,
        response: { 200: SupportCreatedAnswer, ...errors },
      },
    },
    async (request) => {
      const { subject, category, order_id, ticket_id, text, attachments } = request.body;
      const input = {
        subject,
        category: category as SupportCategory,
        orderId: order_id,
        ticketId: ticket_id,
        text,
        attachments,
      };
      const id = await createSupportRequest(app.database.db, store(), request.customer.id, input);
      return { success: true, id, message: SUPPORT_MESSAGES.created };
    },
  );

  app.get(
    '/support/list',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The customer's support requests",
        response: { 200: SupportListAnswer, ...errors },
      },
    },
    async (request) => ({ requests: await listSupportRequests(app.database.db, request.customer.id) }),
  );

  app.get(
    '/support/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'A support request with its thread',
        params: SupportIdParams,
        response: { 200: SupportThreadAnswer, ...errors },
      },
    },
    async (request) => readSupportRequest(app.database.db, request.params.id, request.customer.id),
  );

  app.post(
    '/support/:id/reply',
    {
      ...withAttachments,
      schema: {
        ...secured,
        summary: 'The customer answers in their request',
        params: SupportIdParams,
        body: SupportReplyBody,
        response: { 200: SupportDoneAnswer, ...errors },
      },
    },
    async (request) => {
      await replyAsCustomer(app.database.db, store(), request.params.id, request.customer.id, request.body);
      return { success: true, message: SUPPORT_MESSAGES.replied };
    },
  );

  app.get(
    '/support/:id/attachments/:attachmentId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Downloads an attachment of an own request',
        params: SupportAttachmentParams,
        response: { 200: DocumentFile, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await findSupportAttachment(
        app.database.db,
        app.config.dataDir,
        id,
        attachmentId,
        request.customer.id,
      );
      if (!file) throw new HttpError(404, 'Anexo não encontrado.', 'not_found');
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          `attachment; filename="anexo-${attachmentId}.${file.mime.split('/')[1] === 'jpeg' ? 'jpg' : file.mime.split('/')[1]}"`,
        )
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );

  app.post(
    '/staff/support/:id/reply',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        tags: ['support', 'staff'],
        summary: 'Support staff answer a request; the customer is e-mailed',
        params: SupportIdParams,
        body: StaffReplyBody,
        response: { 200: SupportDoneAnswer, ...errors },
      },
    },
    async (request) => {
      const deps = { ...store(), mailer: app.mailer, siteUrl: app.config.siteUrl, log: request.log };
      await replyAsStaff(app.database.db, deps, request.params.id, request.customer.id, request.body);
      return { success: true, message: SUPPORT_MESSAGES.replied };
    },
  );
};

export default support;
