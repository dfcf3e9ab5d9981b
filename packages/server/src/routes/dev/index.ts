import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listMailbox } from '../../mail/mailbox.ts';
import { MailboxListing } from '../../schemas/accounts.ts';

/**
 * Development-only pages. `GET /dev/mailbox` lists the e-mails the mailbox adapter kept,
 * newest first. Not registered in production, so it answers 404 there.
 */
const dev: FastifyPluginAsyncTypebox = async (app) => {
  if (app.config.env === 'production') return;
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails kept by the development mailbox, newest first (not in production)',
        response: { 200: MailboxListing },
      },
    },
    async () => ({ messages: await listMailbox(app.database.db) }),
  );
};

export default dev;
