import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { giveCpf, organisationEvent, paidOrder } from './sales.ts';
import { call, createTeam, type Team } from './team.ts';

describe('organisation API tokens', () => {
  let t: TestApp;
  let team: Team;
  let eventId: number;
  let firstOrder: number;
  let secondOrder: number;

  const tokensUrl = () => `/organisations/${team.organisationId}/api-tokens`;
  const ordersUrl = (organisationId = team.organisationId, query = '') =>
    `/organisations/${organisationId}/orders${query}`;
  const createToken = async (scopes: string[], name = 'Integração') => {
    const res = await call(t.app, 'POST', tokensUrl(), team.owner, { name, scopes });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; token: string; tokenStart: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
    team = await createTeam(t, 'tokens');
    const event = await organisationEvent(t, team.organisationId, 'festival-tokens');
    eventId = event.id;
    await giveCpf(t, team.customer, '52998224725');
    firstOrder = await paidOrder(t, team.customer, eventId, event.lotIds[1]!, 2);
    secondOrder = await paidOrder(t, team.customer, eventId, event.lotIds[2]!, 1);
  });
  afterAll(() => t.close());

  it('lets only an owner create, list and revoke tokens, and shows the secret once', async () => {
    const body = { name: 'ERP', scopes: ['orders:read'] };
    expect((await call(t.app, 'POST', tokensUrl(), null, body)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', tokensUrl(), team.customer, body)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', tokensUrl(), team.outsider, body)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', tokensUrl(), team.viewer, body)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', tokensUrl(), team.manager, body)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', tokensUrl(), team.manager)).statusCode).toBe(403);

    const created = await call(t.app, 'POST', tokensUrl(), team.owner, body);
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('no-store');
    const { token, tokenStart, id, message } = created.json();
    expect(token).toMatch(/^plateia_org_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(tokenStart)).toBe(true);
    expect(message).toBe('Token criado. Copie agora: ele não será mostrado de novo.');
    const listed = await call(t.app, 'GET', tokensUrl(), team.owner);
    expect(listed.json().tokens).toEqual([
      expect.objectContaining({
        id,
        name: 'ERP',
        scopes: ['orders:read'],
        lastUsedAt: null,
        revokedAt: null,
      }),
    ]);
    expect(listed.body).not.toContain(token);

    const refused: [object, string][] = [
      [{ name: ' ', scopes: ['orders:read'] }, 'Dê um nome ao token (até 80 caracteres).'],
      [{ name: 'X', scopes: [] }, 'Escolha ao menos uma permissão para o token.'],
      [{ name: 'X', scopes: ['orders:read', 'admin:all'] }, 'Escolha ao menos uma permissão para o token.'],
    ];
    for (const [payload, text] of refused) {
      const res = await call(t.app, 'POST', tokensUrl(), team.owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(text);
    }
    // Another organisation's token id is not found here.
    expect((await call(t.app, 'DELETE', `${tokensUrl()}/999999`, team.owner)).statusCode).toBe(404);
  });

  it("reads the organisation's orders with orders:read, the buyer's CPF masked, page by page", async () => {
    const { token } = await createToken(['orders:read']);
    const first = await call(t.app, 'GET', ordersUrl(team.organisationId, '?limit=1'), token);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.orders).toHaveLength(1);
    expect(page.orders[0]).toEqual(
      expect.objectContaining({
        id: secondOrder,
        eventId,
        status: 'paid',
        tickets: 1,
        buyer: { name: 'Teste', email: team.customer.email, cpf: '***.982.247-**' },
      }),
    );
    expect(first.body).not.toContain('52998224725');
    const second = await call(
      t.app,
      'GET',
      ordersUrl(team.organisationId, `?limit=1&before=${page.nextBefore}`),
      token,
    );
    expect(second.json().orders.map((order: { id: number }) => order.id)).toEqual([firstOrder]);
    expect(second.json().orders[0].tickets).toBe(2);
    // A member reads the same through a session; a viewer may, a customer may not.
    expect((await call(t.app, 'GET', ordersUrl(), team.viewer)).json().orders).toHaveLength(2);
    expect((await call(t.app, 'GET', ordersUrl(), team.customer)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', ordersUrl(), team.outsider)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', ordersUrl(), null)).statusCode).toBe(401);
    // The other organisation does not exist for this token.
    expect((await call(t.app, 'GET', ordersUrl(team.otherOrganisationId), token)).statusCode).toBe(404);
    const listed = (await call(t.app, 'GET', tokensUrl(), team.owner)).json().tokens;
    expect(
      listed.find((row: { tokenStart: string }) => token.startsWith(row.tokenStart)).lastUsedAt,
    ).not.toBeNull();
  });

  it('answers 403 outside the scopes, 401 once revoked, and never works as a session', async () => {
    const webhooksOnly = await createToken(['webhooks:write'], 'Só webhooks');
    const refused = await call(t.app, 'GET', ordersUrl(), webhooksOnly.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Este token não tem a permissão necessária para esta chamada.');
    // Tokens never manage tokens, and session routes do not know them.
    expect((await call(t.app, 'GET', tokensUrl(), webhooksOnly.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/organisations', webhooksOnly.token)).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', `/organisations/${team.organisationId}`, webhooksOnly.token)).statusCode,
    ).toBe(401);

    const reader = await createToken(['orders:read'], 'Revogado');
    expect((await call(t.app, 'GET', ordersUrl(), reader.token)).statusCode).toBe(200);
    const revoked = await call(t.app, 'DELETE', `${tokensUrl()}/${reader.id}`, team.owner);
    expect(revoked.json()).toEqual({
      success: true,
      message: 'Token revogado. Ele deixa de funcionar imediatamente.',
    });
    const after = await call(t.app, 'GET', ordersUrl(), reader.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Token de API inválido ou revogado.');
    expect(
      (await call(t.app, 'GET', ordersUrl(), 'plateia_org_inventadoinventadoinventadoinventado1234'))
        .statusCode,
    ).toBe(401);
  });

  it('documents the token scheme and the routes that take it in /openapi.json', async () => {
    const spec = (await call(t.app, 'GET', '/openapi.json', null)).json();
    expect(spec.components.securitySchemes.organisationToken).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'plateia_org_…' }),
    );
    const orders = spec.paths['/organisations/{organisationId}/orders'].get;
    expect(orders.security).toEqual([{ bearer: [] }, { organisationToken: [] }]);
    expect(spec.paths['/organisations/{organisationId}/webhooks'].post.security).toContainEqual({
      organisationToken: [],
    });
    expect(spec.paths['/organisations/{organisationId}/api-tokens'].post.security).toEqual([{ bearer: [] }]);
  });
});
