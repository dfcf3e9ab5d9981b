// The fuzzer: reads /openapi.json, and for every operation checks with fast-check, from a
// fixed seed, that no generated request answers 5xx, that every 4xx carries a pt-BR
// `message`, and that a request its own schema refuses answers 4xx. The test runs it with a
// small budget, `npm run bench` with a larger one.
import fc from 'fast-check';
import { isPtBrMessage } from './pt-br.ts';
import {
  describeRequest,
  type FuzzRequest,
  type Operation,
  operationKey,
  operationsOf,
  requestArbitrary,
} from './requests.ts';
import type { FuzzTarget } from './target.ts';

/**
 * Operations left out, and why. The chat stream is Server-Sent Events: a request that
 * passes validation keeps its answer open, so it is not a request/answer pair to fuzz.
 */
export const EXCLUDED_OPERATIONS: Record<string, string> = {
  'GET /api/chat/stream': 'Server-Sent Events: an accepted request never finishes its answer',
  'GET /queue/{eventId}/stream': 'Server-Sent Events: an accepted request never finishes its answer',
};

/** What a run of the fuzzer found. */
export interface FuzzReport {
  operations: number;
  requests: number;
  serverErrors: number;
  /** One line per operation that failed: its smallest failing request and what went wrong. */
  failures: string[];
  /** Requests per answer status class, for the report. */
  statuses: Record<string, number>;
  /** Requests per answer status, per operation (how far each route's requests got). */
  byOperation: Record<string, Record<number, number>>;
  /** The first message each operation answered with each status (what refused it). */
  messages: Record<string, Record<string, string>>;
  excluded: string[];
}

/** The budget and seed of one run. */
export interface FuzzOptions {
  seed: number;
  /** Generated requests per operation (before shrinking a failure). */
  runsPerOperation: number;
  /** Only operations whose `METHOD /path` contains this text. */
  only?: string;
}

/** A request sent and what it answered. */
export interface Outcome {
  status: number;
  body: string;
}

/** What is wrong with an answer to `request`, or null when it is right. */
export function judge(request: FuzzRequest, outcome: Outcome): string | null {
  const { status, body } = outcome;
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (request.invalid && (status < 400 || status >= 500)) {
    return `refused by its schema but answered ${status}: ${body.slice(0, 200)}`;
  }
  if (status >= 400) {
    let message: unknown;
    try {
      message = (JSON.parse(body) as { message?: unknown }).message;
    } catch {
      return `answered ${status} without a JSON body: ${body.slice(0, 200)}`;
    }
    if (!isPtBrMessage(message)) return `answered ${status} without a pt-BR message: ${body.slice(0, 200)}`;
  }
  return null;
}

/** Sends one generated request through `inject`, renewing a session the request revoked. */
export async function send(target: FuzzTarget, request: FuzzRequest): Promise<Outcome> {
  const headers: Record<string, string> = { ...target.headers(request.identity) };
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await target.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  // A sign-out (or a future "sign out everywhere") ends the session the next requests need.
  if (response.statusCode === 401 && headers.authorization) await target.renew(request.identity);
  return { status: response.statusCode, body: response.body };
}

/** A seed per operation, so adding a route does not change the requests of the others. */
function seedFor(seed: number, key: string): number {
  let hash = seed | 0;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash | 0;
}

/** The operations of the host's /openapi.json the fuzzer covers. */
export async function fuzzedOperations(target: FuzzTarget, only?: string): Promise<Operation[]> {
  const doc = (await target.app.inject({ url: '/openapi.json' })).json();
  return operationsOf(doc).filter(
    (operation) =>
      !(operationKey(operation) in EXCLUDED_OPERATIONS) && (!only || operationKey(operation).includes(only)),
  );
}

/** Fuzzes every operation of the target's /openapi.json. */
export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const operations = await fuzzedOperations(target, options.only);
  const report: FuzzReport = {
    operations: operations.length,
    requests: 0,
    serverErrors: 0,
    failures: [],
    statuses: {},
    byOperation: {},
    messages: {},
    excluded: Object.entries(EXCLUDED_OPERATIONS).map(([key, why]) => `${key} (${why})`),
  };
  for (const operation of operations) {
    const key = operationKey(operation);
    const byStatus: Record<number, number> = {};
    report.byOperation[key] = byStatus;
    const messages: Record<string, string> = {};
    report.messages[key] = messages;
    const property = fc.asyncProperty(
      requestArbitrary(operation, target.ctx, target.accounts),
      async (request) => {
        const outcome = await send(target, request);
        report.requests++;
        const statusClass = `${String(outcome.status).charAt(0)}xx`;
        report.statuses[statusClass] = (report.statuses[statusClass] ?? 0) + 1;
        byStatus[outcome.status] = (byStatus[outcome.status] ?? 0) + 1;
        const seen = request.plausible ? `${outcome.status} plausible` : String(outcome.status);
        if (outcome.status >= 400 && !(seen in messages)) messages[seen] = outcome.body.slice(0, 160);
        if (outcome.status >= 500) report.serverErrors++;
        const wrong = judge(request, outcome);
        if (wrong) throw new Error(wrong);
      },
    );
    const result = await fc.check(property, {
      seed: seedFor(options.seed, key),
      numRuns: options.runsPerOperation,
      endOnFailure: false,
      maxSkipsPerRun: 100,
    });
    if (result.failed) {
      const [request] = (result.counterexample ?? []) as [FuzzRequest];
      const cause =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      report.failures.push(`${key}: ${request ? describeRequest(request) : '?'} -> ${cause}`);
    }
  }
  return report;
}
