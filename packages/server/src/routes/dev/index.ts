import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import { isLoopbackHost } from '../../config.ts';
import { listMailbox } from '../../mail/mailbox.ts';
import { HttpError } from '../../plugins/errors.ts';
import { MailboxListing } from '../../schemas/accounts.ts';

/**
 * Development-only pages. `GET /dev/mailbox` lists the e-mails the mailbox adapter kept,
 * newest first. Registered only when `NODE_ENV=development` (404 in test and production),
 * and answered only to a connection from this machine: the socket's own address decides,
 * never a forwarded-for header a client can write.
 */
const dev: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.env !== 'development') return;
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails kept by the development mailbox, newest first (development, loopback only)',
        response: { 200: MailboxListing },
      },
    },
    async (request) => {
      const peer = (request.raw.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
      if (!isLoopbackHost(peer)) throw new HttpError(404, API_ERROR_MESSAGES.notFound, 'not_found');
      return { messages: await listMailbox(app.database.db) };
    },
  );
};

export default dev;
