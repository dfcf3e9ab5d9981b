import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer } from '../support/accounts.ts';
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

describe('error answers and route response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 in pt-BR when a route documents its 4xx with more fields than { error, message }', async () => {
    // /seat/checkout documents its 400 as { success: false, error, message }: a validation
    // failure must still answer 400, not fail to serialize.
    const ana = await createCustomer(t.database.db, { email: 'ana.erros@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/seat/checkout',
      headers: bearer(ana.token),
      payload: { eventId: 'x' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation', message: 'Valor inválido no campo eventId.' });
  });

  // Any route answers 400 (validation) and 401 (no session) from the error handler, so those
  // documented answers must describe its body.
  it('documents every 400 and 401 answer with a schema the error handler body satisfies', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const wrong: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (status !== '400' && status !== '401') continue;
          const schema = (response as { content?: Record<string, { schema?: { required?: string[] } }> })
            .content?.['application/json']?.schema;
          const extra = (schema?.required ?? []).filter((name) => name !== 'error' && name !== 'message');
          if (extra.length) wrong.push(`${method.toUpperCase()} ${path} ${status}: ${extra.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
