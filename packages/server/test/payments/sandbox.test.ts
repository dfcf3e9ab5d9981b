import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCardGateway } from '../../src/payments/card/gateway.ts';
import { HttpPixProvider } from '../../src/payments/pix/http-provider.ts';
import { PixProviderError } from '../../src/payments/pix/provider.ts';
import { type SandboxCardGateway, startSandboxCardGateway } from '../../src/stand-ins/card-gateway/index.ts';
import { type SandboxPsp, startSandboxPsp } from '../../src/stand-ins/pix-psp/index.ts';

const TXID = 'PLTsandbox0000000000000000000001';

describe('sandbox PSP (API Pix)', () => {
  let clock = new Date('2026-11-21T12:00:00Z');
  let psp: SandboxPsp;
  let provider: HttpPixProvider;
  const received: { url: string; body: unknown }[] = [];
  const receiver = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(data) });
      res.writeHead(200).end('{}');
    });
  });

  beforeAll(async () => {
    psp = await startSandboxPsp({ now: () => clock });
    provider = new HttpPixProvider({ baseUrl: psp.url });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    await provider.configureWebhook('pagamentos@plateia.dev', `http://127.0.0.1:${port}/hook/segredo`);
  });
  afterAll(async () => {
    await psp.close();
    receiver.close();
  });

  it('creates, reads and pays a charge, posting {pix: [...]} to {webhookUrl}/pix', async () => {
    const cob = await provider.createCharge(TXID, {
      calendario: { expiracao: 900 },
      valor: { original: '110.00' },
      chave: 'pagamentos@plateia.dev',
      solicitacaoPagador: 'Plateia pedido 1',
    });
    expect(cob).toMatchObject({ txid: TXID, revisao: 0, status: 'ATIVA', valor: { original: '110.00' } });
    expect(cob.location.startsWith(psp.url.replace('http://', ''))).toBe(true);
    const parsed = parsePix(cob.pixCopiaECola);
    expect(hasError(parsed)).toBe(false);
    expect((parsed as { url: string }).url).toBe(cob.location);
    await expect(
      provider.createCharge(TXID, {
        calendario: { expiracao: 900 },
        valor: { original: '1.00' },
        chave: 'x',
      }),
    ).rejects.toBeInstanceOf(PixProviderError);

    const page = await (await fetch(psp.simulateUrl(TXID))).text();
    expect(page).toContain('Simular pagamento');
    expect(page).toContain('R$ 110,00');

    const paid = await fetch(`${psp.url}/sandbox/cob/${TXID}/pagar`, { method: 'POST' });
    expect(paid.status).toBe(200);
    const after = await provider.getCharge(TXID);
    expect(after?.status).toBe('CONCLUIDA');
    expect(after?.pix?.[0]).toMatchObject({ txid: TXID, valor: '110.00' });
    expect(after?.pix?.[0]?.endToEndId).toMatch(/^E99999008\d{12}[A-Z0-9]{11}$/);
    expect(received.at(-1)).toEqual({ url: '/hook/segredo/pix', body: { pix: after?.pix } });
    // A paid charge cannot be paid again nor removed.
    expect((await fetch(`${psp.url}/sandbox/cob/${TXID}/pagar`, { method: 'POST' })).status).toBe(409);
    await expect(provider.removeCharge(TXID)).rejects.toBeInstanceOf(PixProviderError);
  });

  it('refuses payment after the charge expires, and the form posts back to the page', async () => {
    const txid = 'PLTsandbox0000000000000000000002';
    await provider.createCharge(txid, {
      calendario: { expiracao: 60 },
      valor: { original: '5.00' },
      chave: 'k',
    });
    clock = new Date(clock.getTime() + 61_000);
    const form = await fetch(`${psp.url}/sandbox/cob/${txid}/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    const page = await (await fetch(new URL(form.headers.get('location')!, psp.url))).text();
    expect(page).toContain('A cobrança expirou e não aceita mais pagamento.');
    expect((await provider.getCharge(txid))?.status).toBe('ATIVA');
    expect(await provider.getCharge('PLTnaoexiste00000000000000000000')).toBeNull();
  });

  it('removes an open charge (PATCH) and validates txids', async () => {
    const txid = 'PLTsandbox0000000000000000000003';
    await provider.createCharge(txid, {
      calendario: { expiracao: 900 },
      valor: { original: '5.00' },
      chave: 'k',
    });
    expect((await provider.removeCharge(txid)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await fetch(`${psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' })).status).toBe(409);
    await expect(
      provider.createCharge('curto', {
        calendario: { expiracao: 900 },
        valor: { original: '5.00' },
        chave: 'k',
      }),
    ).rejects.toThrow(/26 a 35/);
  });
});

describe('sandbox card gateway', () => {
  let gateway: SandboxCardGateway;
  let client: HttpCardGateway;
  beforeAll(async () => {
    gateway = await startSandboxCardGateway();
    client = new HttpCardGateway({ baseUrl: gateway.url, secretKey: gateway.secretKey });
  });
  afterAll(() => gateway.close());

  it('serves a tokeniser script that sends card data only to the gateway (CORS enabled)', async () => {
    const script = await (await fetch(client.tokenizerScriptUrl)).text();
    const calls: string[] = [];
    const window: Record<string, unknown> = {};
    // Run the script as a host page would, with fetch recording where card data goes.
    runInNewContext(script, {
      window,
      fetch: (url: string, init: RequestInit) => {
        calls.push(url);
        return fetch(url, {
          ...init,
          headers: { ...(init.headers as object), origin: 'https://produtor.example' },
        });
      },
    });
    const api = window.PlateiaSandboxCard as {
      tokenize(card: object): Promise<{ token: string; brand: string; last4: string }>;
    };
    const result = await api.tokenize({
      number: '4235 6477 2802 5682',
      holder: 'APRO',
      expMonth: 12,
      expYear: 2031,
      cvv: '123',
    });
    expect(result).toMatchObject({ brand: 'visa', last4: '5682' });
    expect(result.token).toMatch(/^tok_/);
    expect(calls).toEqual([`${gateway.url}/v1/tokens`]);
    await expect(
      api.tokenize({ number: '4235647728025683', holder: 'APRO', expMonth: 12, expYear: 2031, cvv: '123' }),
    ).rejects.toThrow('Número do cartão inválido.');
    const preflight = await fetch(`${gateway.url}/v1/tokens`, {
      method: 'OPTIONS',
      headers: { origin: 'https://produtor.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://produtor.example');
  });

  it('validates expiry and CVV, keeps tokens single-use and idempotency keys bound to one charge', async () => {
    const tokenOf = async (body: object) =>
      fetch(`${gateway.url}/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const card = { number: '5031433215406351', holder: 'APRO', expMonth: 1, expYear: 2020, cvv: '123' };
    expect(((await (await tokenOf(card)).json()) as { message: string }).message).toBe('Cartão vencido.');
    expect(
      ((await (await tokenOf({ ...card, expYear: 2030, cvv: '12' })).json()) as { message: string }).message,
    ).toBe('Código de segurança inválido.');
    const { token } = (await (await tokenOf({ ...card, expYear: 2030 })).json()) as { token: string };
    const first = await client.charge({
      token,
      amountCents: 1000,
      installments: 1,
      idempotencyKey: 'chave-0001',
    });
    expect(first.status).toBe('approved');
    const again = await client.charge({
      token,
      amountCents: 1000,
      installments: 1,
      idempotencyKey: 'chave-0001',
    });
    expect(again.id).toBe(first.id);
    expect(gateway.chargesCreated()).toBe(1);
    await expect(
      client.charge({ token, amountCents: 1000, installments: 1, idempotencyKey: 'chave-0002' }),
    ).rejects.toMatchObject({ code: 'token_used' });
    await expect(
      client.charge({ token, amountCents: 2000, installments: 1, idempotencyKey: 'chave-0001' }),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
    const stranger = new HttpCardGateway({ baseUrl: gateway.url, secretKey: 'sk_errada' });
    await expect(stranger.getCharge(first.id)).rejects.toMatchObject({ status: 401 });
  });
});
