import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { SEAT_CALL_MESSAGES } from '@plateia/core/messages/seat-hold';
import { hotPathLogging } from '../../logging.ts';
import { readCustomer, sessionOrAddressKey } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { RateLimitedError } from '../../rate-limits/backoff.ts';
import { counterKey, type RateLimitCounters } from '../../rate-limits/counters.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  CourtesySeatBodySchema,
  IssuedTicketAnswerSchema,
  SeatAnswerSchema,
  SeatCheckoutAnswerSchema,
  SeatCheckoutBodySchema,
  SeatCheckoutRefusalSchema,
  SeatHoldBodySchema,
  SeatReleaseBodySchema,
} from '../../schemas/seat-hold.ts';
import { checkoutHeldSeats } from '../../seat-hold/checkout.ts';
import { courtesySeat } from '../../seat-hold/courtesy.ts';
import { releaseSeats } from '../../seat-hold/hold.ts';
import { holdSeatsWithinLimits } from '../../seat-hold/hold-limits.ts';
import { requireQueuePass } from '../../virtual-queue/gate.ts';

/** The counter family of `/seat/hold` calls, as the shared route store names it. */
const SEAT_HOLD_RATE_PREFIX = 'route:POST:/seat/hold';

/**
 * The stored key of a holder's `/seat/hold` call counter: the one @fastify/rate-limit's
 * shared store kept (rate-limits/route-store.ts), so counts carry over either way.
 */
function seatHoldRateKey(holder: string): string {
  return `${SEAT_HOLD_RATE_PREFIX}:${counterKey(holder)}`;
}

/**
 * Counts a `/seat/hold` call in the same counter the hold's statement counts in (the
 * shared route store's family and key), for a call whose queue pass is read first;
 * 429 with `Retry-After` past the limit.
 */
async function countSeatHoldCall(counters: RateLimitCounters, holder: string, max: number): Promise<void> {
  const counted = await counters
    .limiter({ prefix: SEAT_HOLD_RATE_PREFIX, points: max, durationSeconds: 60 })
    .penalty(counterKey(holder), 1);
  if (counted.consumedPoints > max) {
    throw new RateLimitedError(API_ERROR_MESSAGES.tooManyRequests, counted.msBeforeNext / 1000);
  }
}

/** Seat holds (docs/buying.md): hold, release, checkout of held seats and courtesy seats, under `/seat`. */
const seatHold: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.seatHoldLimits;

  // The per-holder call limit (docs/security.md, "Abuse limits"): counted by the hold's own
  // statement when the counters live in the database, by the route's limiter over Redis.
  const countedInHold = app.rateLimits.kind === 'sql';
  app.post(
    '/seat/hold',
    {
      // Per holder: the signed-in session, else the address.
      config: countedInHold
        ? {}
        : {
            rateLimit: { max: limits.holdsPerMinute, timeWindow: 60_000, keyGenerator: sessionOrAddressKey },
          },
      ...hotPathLogging(app.config.logLevel),
      schema: {
        tags: ['seats'],
        summary:
          'Holds all the given seats for the session, or none (409 when one is taken or a hold cap is reached).',
        body: SeatHoldBodySchema,
        response: {
          200: SeatAnswerSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          409: SeatAnswerSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // The holder: the signed-in session when its token is valid, else the address; the
      // rate limit's key when it counted the call already looked the session up.
      const holder = request.customer ? null : await sessionOrAddressKey(request);
      const customer = request.customer ?? null;
      // High-demand events sell only to buyers the virtual queue admitted (docs/virtual-queue.md):
      // a call with a pass has it checked here; one without is refused by the hold's own
      // statement when the event is gated.
      const pass = request.headers['x-queue-pass'];
      const rate =
        countedInHold && holder
          ? { key: seatHoldRateKey(holder), max: limits.holdsPerMinute, windowMs: 60_000 }
          : null;
      if (pass !== undefined) {
        // Counted before the pass is read, so made-up passes cost their sender the limit too.
        if (rate) await countSeatHoldCall(app.rateLimits, holder!, limits.holdsPerMinute);
        await requireQueuePass(app.database.db, {
          eventId: request.body.eventId,
          customerId: customer?.id ?? null,
          pass,
          now: app.now(),
        });
      }
      const outcome = await holdSeatsWithinLimits(
        app.database.db,
        { ...request.body, accountId: customer?.id ?? null, address: request.ip },
        limits,
        {
          gateAt: pass === undefined ? app.now() : null,
          rate: pass === undefined ? rate : null,
        },
      );
      switch (outcome.status) {
        case 'held':
          return {
            success: true,
            message: SEAT_CALL_MESSAGES.held,
            seatIds: [...new Set(request.body.seatIds)],
          };
        case 'taken':
          return reply
            .status(409)
            .send({ success: false, error: 'seat_taken', message: SEAT_CALL_MESSAGES.taken });
        case 'refused':
          return reply.status(409).send({ success: false, error: 'hold_limit', message: outcome.message });
        case 'pass_required':
          throw new HttpError(403, QUEUE_MESSAGES.passRequired, 'queue_pass_required');
        case 'rate_limited':
          throw new RateLimitedError(API_ERROR_MESSAGES.tooManyRequests, outcome.retryAfterMs / 1000);
      }
    },
  );

  app.post(
    '/seat/release',
    {
      schema: {
        tags: ['seats'],
        summary:
          "Releases the session's holds on the given seats (a signed-in account's holds only with its token).",
        body: SeatReleaseBodySchema,
        response: { 200: SeatAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      // A signed-in account's hold is released only with that account's token.
      const customer = await readCustomer(request);
      const released = await releaseSeats(app.database.db, {
        ...request.body,
        accountId: customer?.id ?? null,
      });
      return { success: true, message: SEAT_CALL_MESSAGES.released, seatIds: released };
    },
  );

  app.post(
    '/seat/checkout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['seats'],
        summary: 'Reserves the held seats as an order (15 minutes) for payment.',
        security: [{ bearer: [] }],
        body: SeatCheckoutBodySchema,
        response: {
          200: SeatCheckoutAnswerSchema,
          400: SeatCheckoutRefusalSchema,
          401: ErrorSchema,
          403: SeatCheckoutRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      // Without an event id the checkout refuses the body itself (400).
      if (request.body.eventId !== undefined)
        await requireQueuePass(app.database.db, {
          eventId: request.body.eventId,
          customerId: request.customer.id,
          pass: request.headers['x-queue-pass'],
          now: app.now(),
        });
      const result = await checkoutHeldSeats(app.database.db, request.customer, request.body);
      if (!result.ok) {
        return reply
          .status(result.status)
          .send({ success: false, error: result.message, message: result.message });
      }
      return { success: true as const, order: result.order };
    },
  );

  app.post(
    '/seat/courtesy',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['seats'],
        summary: "Gives a free seat as courtesy (the event's producer only).",
        security: [{ bearer: [] }],
        body: CourtesySeatBodySchema,
        response: {
          200: IssuedTicketAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { recipientInfo, ...seat } = request.body;
      const ticket = await courtesySeat(app.database.db, request.customer.id, {
        ...seat,
        email: recipientInfo.email,
      });
      return { success: true as const, ticket };
    },
  );
};

export default seatHold;
