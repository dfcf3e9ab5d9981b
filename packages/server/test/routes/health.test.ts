import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../support/app.ts';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: databaseKind,
      version: '1.0.3',
      integrity: { status: 'unchecked', violations: 0, checkedAt: null },
    });
  });

  it('serves an OpenAPI 3.1 document that lists it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health']).toBeDefined();
  });

  it('answers unknown routes with a pt-BR 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Recurso não encontrado.');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
