import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCardGateway } from '../../src/payments/card/gateway.ts';
import { HttpPixProvider } from '../../src/payments/pix/http-provider.ts';
import { PixProviderError, type PixReceived } from '../../src/payments/pix/provider.ts';
import { type SandboxCardGateway, startSandboxCardGateway } from '../../src/stand-ins/card-gateway/index.ts';
import { type SandboxPsp, startSandboxPsp } from '../../src/stand-ins/pix-psp/index.ts';

const CHAVE = 'pagamentos@plateia.dev';

describe('sandbox PSP: devolução (API Pix)', () => {
  const clock = new Date('2026-11-21T12:00:00Z');
  let psp: SandboxPsp;
  let provider: HttpPixProvider;
  const received: { url: string; body: { pix: PixReceived[] } }[] = [];
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
  let serial = 0;

  /** A charge of `valor` paid in the sandbox; its endToEndId. */
  async function paidPix(valor: string): Promise<{ txid: string; e2eid: string }> {
    serial += 1;
    const txid = `PLTdevolucao${String(serial).padStart(20, '0')}`;
    await provider.createCharge(txid, {
      calendario: { expiracao: 900 },
      valor: { original: valor },
      chave: CHAVE,
    });
    const paid = await fetch(`${psp.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' });
    const body = (await paid.json()) as { pix: PixReceived };
    return { txid, e2eid: body.pix.endToEndId };
  }

  /** Waits until the receiver got a webhook whose PIX carries devolução `id` in `status`. */
  async function webhookWith(id: string, status: string) {
    for (let i = 0; i < 200; i++) {
      const hit = received.find((entry) =>
        entry.body.pix.some((pix) => pix.devolucoes?.some((dev) => dev.id === id && dev.status === status)),
      );
      if (hit) return hit;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no webhook for devolução ${id} ${status}`);
  }

  beforeAll(async () => {
    psp = await startSandboxPsp({ now: () => clock, devolucaoDelayMs: null });
    provider = new HttpPixProvider({ baseUrl: psp.url });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    await provider.configureWebhook(CHAVE, `http://127.0.0.1:${port}/hook/segredo`);
  });
  afterAll(async () => {
    await psp.close();
    receiver.close();
  });

  it('PUT starts EM_PROCESSAMENTO; the same id and amount answers the same devolução; it ends DEVOLVIDO with a webhook', async () => {
    const { e2eid, txid } = await paidPix('110.00');
    const first = await provider.requestDevolucao(e2eid, 'RF1a', 11_000, 'Reembolso pedido 1');
    expect(first).toMatchObject({
      id: 'RF1a',
      valor: '110.00',
      status: 'EM_PROCESSAMENTO',
      natureza: 'ORIGINAL',
    });
    expect(first.rtrId).toMatch(/^D99999008\d{12}[A-Z0-9]{11}$/);
    const again = await provider.requestDevolucao(e2eid, 'RF1a', 11_000);
    expect(again.rtrId).toBe(first.rtrId);
    expect(psp.devolvido(e2eid)).toEqual({ returnedCents: 0, processingCents: 11_000 });
    // Same id, other amount: refused, never a second return.
    await expect(provider.requestDevolucao(e2eid, 'RF1a', 500)).rejects.toBeInstanceOf(PixProviderError);
    // Nothing is left to return while the first is in processing.
    await expect(provider.requestDevolucao(e2eid, 'RF1b', 1)).rejects.toThrow(/excede/);

    expect(await psp.settleDevolucao(e2eid, 'RF1a', 'DEVOLVIDO')).toBe(true);
    expect(await psp.settleDevolucao(e2eid, 'RF1a', 'NAO_REALIZADO')).toBe(false);
    const done = await provider.getDevolucao(e2eid, 'RF1a');
    expect(done).toMatchObject({ status: 'DEVOLVIDO', valor: '110.00' });
    expect(done?.horario.liquidacao).toBe(clock.toISOString());
    const hook = await webhookWith('RF1a', 'DEVOLVIDO');
    expect(hook.url).toBe('/hook/segredo/pix');
    expect(hook.body.pix[0]).toMatchObject({ endToEndId: e2eid, txid, valor: '110.00' });
    expect(psp.devolvido(e2eid)).toEqual({ returnedCents: 11_000, processingCents: 0 });
    // The charge shows the PIX with its devolução, and the page the amount returned.
    expect((await provider.getCharge(txid))?.pix?.[0]?.devolucoes?.[0]?.status).toBe('DEVOLVIDO');
    const page = await (await fetch(psp.simulateUrl(txid))).text();
    expect(page).toContain('Devolvido ao pagador: R$ 110,00 de R$ 110,00');
    await expect(provider.requestDevolucao(e2eid, 'RF1c', 1)).rejects.toThrow(/excede/);
    expect(await provider.getDevolucao(e2eid, 'naoexiste')).toBeNull();
  });

  it('partial devoluções add up to at most the PIX; an armed failure ends NAO_REALIZADO and frees the amount', async () => {
    const { e2eid } = await paidPix('50.00');
    await provider.requestDevolucao(e2eid, 'RF2a', 2_000);
    await psp.settleDevolucao(e2eid, 'RF2a', 'DEVOLVIDO');
    const armed = await fetch(`${psp.url}/sandbox/pix/${e2eid}/recusar-proxima`, { method: 'POST' });
    expect(armed.status).toBe(200);
    const refused = await provider.requestDevolucao(e2eid, 'RF2b', 3_000);
    expect(refused.status).toBe('EM_PROCESSAMENTO');
    const hook = await webhookWith('RF2b', 'NAO_REALIZADO');
    const dev = hook.body.pix[0]?.devolucoes?.find((entry) => entry.id === 'RF2b');
    expect(dev?.motivo).toBeTruthy();
    expect((await provider.getDevolucao(e2eid, 'RF2b'))?.status).toBe('NAO_REALIZADO');
    // A retry under a new id may return the refused amount.
    await provider.requestDevolucao(e2eid, 'RF2c', 3_000);
    const settled = await fetch(`${psp.url}/sandbox/pix/${e2eid}/devolucao/RF2c/devolver`, {
      method: 'POST',
    });
    expect(settled.status).toBe(200);
    expect(psp.devolvido(e2eid)).toEqual({ returnedCents: 5_000, processingCents: 0 });
  });

  it('validates the PIX, the id and the amount', async () => {
    await expect(
      provider.requestDevolucao('E00000000202611211200AAAAAAAAAAA', 'RF3', 100),
    ).rejects.toMatchObject({
      status: 404,
    });
    const { e2eid } = await paidPix('5.00');
    await expect(provider.requestDevolucao(e2eid, 'com-hifen', 100)).rejects.toThrow(/1 a 35/);
    await expect(provider.requestDevolucao(e2eid, 'RF3', 0)).rejects.toMatchObject({ status: 400 });
    await expect(provider.requestDevolucao(e2eid, 'RF3', 501)).rejects.toThrow(/excede/);
  });

  it('with a delay, a devolução ends DEVOLVIDO on its own', async () => {
    const auto = await startSandboxPsp({ devolucaoDelayMs: 5 });
    try {
      const client = new HttpPixProvider({ baseUrl: auto.url });
      const txid = 'PLTdevolucaoauto0000000000000001';
      await client.createCharge(txid, {
        calendario: { expiracao: 900 },
        valor: { original: '9.00' },
        chave: CHAVE,
      });
      const paid = (await (
        await fetch(`${auto.url}/sandbox/cob/${txid}/pagar`, { method: 'POST' })
      ).json()) as {
        pix: PixReceived;
      };
      await client.requestDevolucao(paid.pix.endToEndId, 'RFauto', 900);
      let status = '';
      for (let i = 0; i < 100 && status !== 'DEVOLVIDO'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        status = (await client.getDevolucao(paid.pix.endToEndId, 'RFauto'))?.status ?? '';
      }
      expect(status).toBe('DEVOLVIDO');
    } finally {
      await auto.close();
    }
  });
});

describe('sandbox card gateway: refunds', () => {
  let gateway: SandboxCardGateway;
  let client: HttpCardGateway;
  beforeAll(async () => {
    gateway = await startSandboxCardGateway();
    client = new HttpCardGateway({ baseUrl: gateway.url, secretKey: gateway.secretKey });
  });
  afterAll(() => gateway.close());

  async function approvedCharge(amountCents: number, holder = 'APRO') {
    const tokenRes = await fetch(`${gateway.url}/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: '5031433215406351', holder, expMonth: 12, expYear: 2031, cvv: '123' }),
    });
    const { token } = (await tokenRes.json()) as { token: string };
    return client.charge({ token, amountCents, installments: 1, idempotencyKey: `charge-${token}` });
  }

  it('refunds by key once, never beyond the charge, and a failure can be armed', async () => {
    const charge = await approvedCharge(10_000);
    const first = await client.refund({
      chargeId: charge.id,
      amountCents: 6_000,
      idempotencyKey: 'refund-0001',
    });
    expect(first).toMatchObject({ chargeId: charge.id, status: 'succeeded', amountCents: 6_000 });
    const replay = await client.refund({
      chargeId: charge.id,
      amountCents: 6_000,
      idempotencyKey: 'refund-0001',
    });
    expect(replay.id).toBe(first.id);
    expect(gateway.refundsCreated()).toBe(1);
    await expect(
      client.refund({ chargeId: charge.id, amountCents: 5_000, idempotencyKey: 'refund-0001' }),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
    await expect(
      client.refund({ chargeId: charge.id, amountCents: 4_001, idempotencyKey: 'refund-0002' }),
    ).rejects.toMatchObject({ code: 'amount_exceeds_charge' });
    gateway.failNextRefund(charge.id);
    const failed = await client.refund({
      chargeId: charge.id,
      amountCents: 4_000,
      idempotencyKey: 'refund-0003',
    });
    expect(failed).toMatchObject({ status: 'failed', statusDetail: 'refund_rejected' });
    const retried = await client.refund({
      chargeId: charge.id,
      amountCents: 4_000,
      idempotencyKey: 'refund-0004',
    });
    expect(retried.status).toBe('succeeded');
    expect(gateway.refundedCents(charge.id)).toBe(10_000);
    expect((await client.getRefund(retried.id))?.status).toBe('succeeded');
    expect(await client.getRefund('re_naoexiste')).toBeNull();
  });

  it('refuses refunding a declined charge', async () => {
    const declined = await approvedCharge(1_000, 'OTHE');
    await expect(
      client.refund({ chargeId: declined.id, amountCents: 1_000, idempotencyKey: 'refund-0101' }),
    ).rejects.toMatchObject({ status: 409, code: 'not_refundable' });
  });
});
