import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('error handler backstop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend(app) {
          // A route whose schema forgot to refuse control characters.
          app.post('/careless', async (request) => {
            const { value } = request.body as { value: string };
            await app.database.db.execute(sql`SELECT ${value}::text AS v`);
            return { ok: true };
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers 400 in pt-BR when the database refuses the text (a NUL byte)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/careless', payload: { value: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation',
      message: 'Os dados enviados contêm caracteres inválidos.',
    });
    const fine = await t.app.inject({ method: 'POST', url: '/careless', payload: { value: 'ab' } });
    expect(fine.statusCode).toBe(200);
  });
});
