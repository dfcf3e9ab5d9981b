import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { freshDatabase, testConfig } from '../support/app.ts';
import { isPtBrMessage } from './pt-br.ts';
import { REGRESSIONS } from './regressions.ts';
import { describeRequest } from './requests.ts';
import { judge, runFuzz, send } from './run.ts';
import { type FuzzTarget, startFuzzTarget } from './target.ts';

/** The seed `npm test` always runs with; `npm run bench` runs more requests from its own. */
export const FUZZ_SEED = 20_261_124;
/** Requests per operation in `npm test` (about 70 operations: a few thousand requests). */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 25);

describe('every route in /openapi.json, fuzzed from its schemas', () => {
  let database: DatabaseHandle;
  let target: FuzzTarget;

  beforeAll(async () => {
    database = await freshDatabase();
    target = await startFuzzTarget(database, testConfig());
  });
  afterAll(async () => {
    await target?.close();
    await database?.close();
  });

  it(
    'answers 4xx with a pt-BR message to what its schema refuses, and never 5xx',
    async () => {
      const report = await runFuzz(target, { seed: FUZZ_SEED, runsPerOperation: RUNS_PER_OPERATION });
      if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 1));
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.operations).toBeGreaterThan(50);
      expect(report.requests).toBeGreaterThanOrEqual(report.operations * RUNS_PER_OPERATION);
    },
    RUNS_PER_OPERATION * 4_000,
  );

  // From the hand-written account test the fuzzer replaced: a junk OAuth answer is not an
  // API error but a redirect back to the sign-in page.
  it('redirects a Google callback with junk state and code', async () => {
    for (const junk of ['%00', '..%2F..%2Fetc', '%E0%A4%A', 'a'.repeat(600), "'%20OR%201=1"]) {
      const res = await target.app.inject({ url: `/auth/google/callback?state=${junk}&code=${junk}` });
      expect(res.statusCode, junk.slice(0, 20)).toBe(302);
    }
  });

  it.each(REGRESSIONS.map((entry) => [describeRequest(entry.request), entry] as const))(
    'regression: %s',
    async (_label, { request }) => {
      expect(judge(request, await send(target, request))).toBeNull();
    },
  );
});

describe('pt-BR message detection', () => {
  it('accepts the host messages and refuses framework English', () => {
    for (const message of [
      'Dados inválidos.',
      'Erro interno, tente novamente.',
      'Campo não permitido: unexpected.',
      'Recurso não encontrado.',
      'Sessão expirada. Faça login novamente.',
    ]) {
      expect(isPtBrMessage(message), message).toBe(true);
    }
    for (const message of [
      "body must have required property 'eventId'",
      'querystring/eventId must be integer',
      "Body cannot be empty when content-type is set to 'application/json'",
      'Unexpected token \'x\', "x" is not valid JSON',
      'Route GET:/x not found',
      'Internal Server Error',
      'Rate limit exceeded, retry in 1 minute',
      '',
      undefined,
    ]) {
      expect(isPtBrMessage(message), String(message)).toBe(false);
    }
  });
});
