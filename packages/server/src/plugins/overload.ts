import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OverloadConfig } from '../config.ts';

const counted = Symbol('overload.counted');

/**
 * Sheds load instead of queueing it without bound: past the event-loop delay or utilisation
 * thresholds (@fastify/under-pressure) or with too many requests in flight (event streams
 * aside: they stay open by design), a request is
 * answered at once with 503, `Retry-After` and a pt-BR message (docs/jobs.md "Overload").
 */
export async function registerOverload(app: FastifyInstance, config: OverloadConfig): Promise<void> {
  const shed = (reply: FastifyReply) => {
    // Its own serializer: the route's response schemas describe its answers, not this one.
    reply
      .code(503)
      .header('Retry-After', String(config.retryAfterSeconds))
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify);
    return { error: 'overloaded', message: API_ERROR_MESSAGES.overloaded };
  };
  // A value returned (not sent) is what under-pressure sends, without going on to the route;
  // its typings only admit handlers that return nothing.
  const pressureHandler = ((request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => {
    request.log.warn({ type, value }, 'overloaded: request shed');
    return shed(reply);
  }) as unknown as FastifyUnderPressureOptions['pressureHandler'];
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    // Over the last second, not since start: the host serves again as soon as the load passes.
    eventLoopUtilizationMode: 'interval',
    retryAfter: config.retryAfterSeconds,
    pressureHandler,
  });
  if (config.maxInFlight <= 0) return;
  let inFlight = 0;
  const release = (request: object) => {
    const tagged = request as { [counted]?: boolean };
    if (tagged[counted]) {
      tagged[counted] = false;
      inFlight--;
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    if (inFlight >= config.maxInFlight) {
      request.log.warn({ inFlight }, 'overloaded: too many requests in flight, request shed');
      return reply.send(shed(reply));
    }
    // An event stream (the chat) stays open by design: it is not work waiting to be done.
    if (request.headers.accept?.includes('text/event-stream')) return;
    inFlight++;
    (request as { [counted]?: boolean })[counted] = true;
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}
