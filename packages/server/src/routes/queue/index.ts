import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import { isLoopbackHost } from '../../config.ts';
import { hotPathLogging } from '../../logging.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  DevQueueEventAnswer,
  DevQueueEventBody,
  QueueEntrySchema,
  QueueParams,
  QueueStateSchema,
  QueueVerificationSchema,
} from '../../schemas/queue.ts';
import { catchUpQueue, scheduleAdmission } from '../../virtual-queue/admission.ts';
import { createDemoQueueEvent } from '../../virtual-queue/demo.ts';
import {
  entryView,
  joinQueue,
  queueState,
  queueVerification,
  requireQueueEvent,
} from '../../virtual-queue/queue.ts';
import { openQueueStream, queueFanOut } from '../../virtual-queue/stream.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * The virtual queue of high-demand events (docs/virtual-queue.md): the waiting room's public
 * state, joining, one's own place (polling, or pushed over Server-Sent Events) with the
 * admission pass, and the public verification of the pre-queue's shuffle.
 */
const queue: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const secured = { tags: ['queue'], security: [{ bearer: [] }] };
  const fanOut = queueFanOut(db);
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.addHook('onClose', async () => fanOut.close());

  app.get(
    '/queue/:eventId',
    {
      schema: {
        tags: ['queue'],
        summary: "The waiting room: phase, the shuffle's commitment (and seed once revealed), serving place",
        params: QueueParams,
        response: { 200: QueueStateSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      await catchUpQueue(db, app.jobs, request.params.eventId, app.now());
      return queueState(db, request.params.eventId, app.now());
    },
  );

  app.post(
    '/queue/:eventId/join',
    {
      ...hotPathLogging(app.config.logLevel),
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Joins the queue (one entry per account and per CPF); before the sale, the pre-queue',
        params: QueueParams,
        response: { 200: QueueEntrySchema, ...errors },
      },
    },
    async (request) => {
      const { eventId } = request.params;
      const now = app.now();
      await joinQueue(db, request.customer.id, eventId, now);
      const view = await entryView(db, request.customer.id, eventId, now);
      // The first rounds start at once instead of waiting for the minutely safety net.
      if (view.place !== null && view.status === 'waiting') await scheduleAdmission(app.jobs, eventId);
      return view;
    },
  );

  app.get(
    '/queue/:eventId/me',
    {
      ...hotPathLogging(app.config.logLevel),
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "One's place, people ahead, estimated wait, and the admission pass once admitted (polling)",
        params: QueueParams,
        response: { 200: QueueEntrySchema, ...errors },
      },
    },
    async (request) => {
      await catchUpQueue(db, app.jobs, request.params.eventId, app.now());
      return entryView(db, request.customer.id, request.params.eventId, app.now());
    },
  );

  app.get(
    '/queue/:eventId/stream',
    {
      // Events go out as they are written: a compressor would hold them back.
      compress: false,
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Server-Sent Events of one's entry (`event: position`) whenever the queue moves",
        params: QueueParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const customerId = request.customer.id;
      // 404 before anything is written when the event has no queue.
      await requireQueueEvent(db, eventId, app.now());
      const end = await openQueueStream(
        fanOut,
        eventId,
        async () => {
          await catchUpQueue(db, app.jobs, eventId, app.now());
          return entryView(db, customerId, eventId, app.now());
        },
        () => {
          const headers = reply.getHeaders();
          return { raw: reply.hijack().raw, headers };
        },
      );
      openStreams.add(end);
      reply.raw.on('close', () => openStreams.delete(end));
    },
  );

  if (app.config.env === 'development') {
    app.post(
      '/dev/queue/events',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Creates a high-demand demo event whose sale starts in `saleInSeconds` (development, loopback only)',
          body: DevQueueEventBody,
          response: { 200: DevQueueEventAnswer, 404: ErrorSchema },
        },
      },
      async (request) => {
        const peer = (request.raw.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
        if (!isLoopbackHost(peer)) throw new HttpError(404, API_ERROR_MESSAGES.notFound, 'not_found');
        return createDemoQueueEvent(db, { ...request.body, now: app.now() });
      },
    );
  }

  app.get(
    '/queue/:eventId/verification',
    {
      schema: {
        tags: ['queue'],
        summary: "The pre-queue's public ids in the order given, the commitment and the revealed seed",
        params: QueueParams,
        response: { 200: QueueVerificationSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await queueVerification(db, request.params.eventId, app.now());
      // Once revealed the answer never changes.
      if (answer.seed) reply.header('cache-control', 'public, max-age=60');
      return answer;
    },
  );
};

export default queue;
