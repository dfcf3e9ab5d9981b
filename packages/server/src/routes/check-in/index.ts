import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHECK_IN_VERDICT_MESSAGES } from '@plateia/core/messages/check-in';
import { doorWindow } from '../../check-in/doors.ts';
import { readManifest } from '../../check-in/manifest.ts';
import { type CheckInEvent, producerEvent, producerEvents } from '../../check-in/producer.ts';
import { checkInReport } from '../../check-in/report.ts';
import { scanOnline, uploadScans } from '../../check-in/scans.ts';
import { doorMeiaOf, upgradeMeiaAtDoor } from '../../meia-entrada/door.ts';
import { sessionOrAddressKey } from '../../plugins/auth.ts';
import {
  CheckInParamsSchema,
  CheckInReportSchema,
  ManifestAnswerSchema,
  ManifestQuerySchema,
  MeiaUpgradeAnswerSchema,
  MeiaUpgradeParamsSchema,
  OnlineScanAnswerSchema,
  OnlineScanBodySchema,
  ProducerEventsAnswerSchema,
  UploadScansAnswerSchema,
  UploadScansBodySchema,
} from '../../schemas/check-in.ts';
import { ErrorSchema } from '../../schemas/common.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

// Per session rather than per address: a venue's scanners often share one public IP. An
// invented token counts as its address.
const perSession = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: sessionOrAddressKey },
});

/** Door check-in for the event's producer: manifest, online scans, offline uploads, conflict report. */
const checkIn: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['check-in'], security: [{ bearer: [] }], params: CheckInParamsSchema };
  // The door window (docs/check-in.md); the development sandbox keeps every door open, so the
  // seeded events can be scanned on any day.
  const doorsOf = (event: CheckInEvent) => doorWindow(event, app.config.env === 'development');

  app.get(
    '/check-in/events',
    {
      preHandler: app.authenticate,
      config: perSession(120),
      schema: {
        tags: ['check-in'],
        security: [{ bearer: [] }],
        summary: "The producer's events, for choosing which door to run.",
        response: { 200: ProducerEventsAnswerSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => ({ events: await producerEvents(app.database.db, request.customer, app.now()) }),
  );

  app.get(
    '/check-in/events/:eventId/manifest',
    {
      preHandler: app.authenticate,
      config: perSession(120),
      schema: {
        ...secured,
        summary:
          "A page of the event's tickets changed after the cursor, with the event key, for the door scanner.",
        querystring: ManifestQuerySchema,
        response: { 200: ManifestAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await producerEvent(app.database.db, request.params.eventId, request.customer);
      // The answer holds the event key: never cached by anything between.
      reply.header('cache-control', 'no-store');
      return readManifest(app.database.db, event, request.query, { now: app.now, doors: doorsOf(event) });
    },
  );

  app.post(
    '/check-in/events/:eventId/scan',
    {
      preHandler: app.authenticate,
      config: perSession(600),
      schema: {
        ...secured,
        summary:
          'Decides and records a scan made online; the first scan of a ticket wins. Idempotent by nonce.',
        body: OnlineScanBodySchema,
        response: { 200: OnlineScanAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const event = await producerEvent(app.database.db, request.params.eventId, request.customer);
      const answer = await scanOnline(app.database.db, event, request.customer, request.body, {
        now: app.now,
        doors: doorsOf(event),
      });
      // A meia ticket: the staff checks the beneficiary's document (docs/meia-entrada.md).
      const meia = answer.ticket ? await doorMeiaOf(app.database.db, event.id, answer.ticket.id) : null;
      return { ...answer, message: CHECK_IN_VERDICT_MESSAGES[answer.verdict], ...(meia ? { meia } : {}) };
    },
  );

  app.post(
    '/check-in/events/:eventId/tickets/:ticketId/meia-upgrade',
    {
      preHandler: app.authenticate,
      config: perSession(120),
      schema: {
        tags: ['check-in'],
        security: [{ bearer: [] }],
        params: MeiaUpgradeParamsSchema,
        summary:
          "The producer's call at the door: the holder of a meia ticket paid the difference to a full ticket (recorded in the ledger).",
        response: { 200: MeiaUpgradeAnswerSchema, ...errors, 409: ErrorSchema },
      },
    },
    async (request) => {
      const event = await producerEvent(app.database.db, request.params.eventId, request.customer);
      return upgradeMeiaAtDoor(app.database.db, event.id, request.customer.id, request.params.ticketId);
    },
  );

  app.post(
    '/check-in/events/:eventId/scans',
    {
      preHandler: app.authenticate,
      config: perSession(60),
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        ...secured,
        summary:
          'Records scans an offline scanner decided (up to 10,000), once per nonce; conflicts are kept. An admission counts only with its valid code, inside the door window; the answer lists those refused.',
        body: UploadScansBodySchema,
        response: { 200: UploadScansAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const event = await producerEvent(app.database.db, request.params.eventId, request.customer);
      return uploadScans(app.database.db, event, request.customer, request.body, {
        now: app.now,
        doors: doorsOf(event),
      });
    },
  );

  app.get(
    '/check-in/events/:eventId/conflicts',
    {
      preHandler: app.authenticate,
      config: perSession(120),
      schema: {
        ...secured,
        summary: 'The conflict report: tickets admitted by more than one scan, and totals per verdict.',
        response: { 200: CheckInReportSchema, ...errors },
      },
    },
    async (request) => {
      const event = await producerEvent(app.database.db, request.params.eventId, request.customer);
      return checkInReport(app.database.db, event.id);
    },
  );
};

export default checkIn;
