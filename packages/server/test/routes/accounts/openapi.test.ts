import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';

describe('accounts in /openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every account route from the same schemas that validate it', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/getsalt/{email}/{uuid}', 'post'],
      ['/login/{email}/{hash}/{uuid}/{salt}', 'post'],
      ['/logout', 'post'],
      ['/customer/add', 'post'],
      ['/customer/verify/{token}', 'post'],
      ['/customer/me', 'get'],
      ['/customer/edit', 'post'],
      ['/customer-upload-document', 'post'],
      ['/customer/document/{documentType}', 'get'],
      ['/pwrecovery/{email}', 'post'],
      ['/recovery/{token}/{value}', 'post'],
      ['/auth/google', 'get'],
      ['/auth/google/callback', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const signUp = doc.paths['/customer/add'].post;
    expect(signUp.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['user', 'namef', 'pw']),
    );
    expect(Object.keys(signUp.responses)).toEqual(expect.arrayContaining(['200', '408']));
    expect(doc.paths['/customer/me'].get.security).toEqual([{ bearer: [] }]);
  });
});
