import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/integrity/invariants.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// The demo data is what every development stack and the end-to-end suite start from: the
// scheduled integrity check must find it sound, or it raises its alarm from the first run.
describe('demo seed: integrity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leaves money, stock and tickets consistent', async () => {
    await seedDemo(t.database);
    expect(await checkInvariants(t.database.db)).toEqual([]);
  });
});
