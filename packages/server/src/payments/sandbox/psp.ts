/**
 * The sandbox PSP: a real HTTP server speaking the BCB API Pix (`PUT/GET/PATCH /cob/{txid}`,
 * `PUT /webhook/{chave}`) with charges kept in memory, plus a "Simular pagamento" action that
 * settles a charge and POSTs the webhook the way a PSP does. Development and tests only.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { brCodeSvg, buildBrCode } from '../pix/brcode.ts';
import { COB_TXID, type Cob, type CobStatus, type PixReceived, valorToCents } from '../pix/provider.ts';

/** How to run the sandbox PSP. */
export interface SandboxPspOptions {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  /** Receiver shown in the BR Codes. */
  merchantName?: string;
  merchantCity?: string;
  /** The time; tests pass a clock to expire charges without waiting. */
  now?: () => Date;
  /** The ISPB in generated endToEndIds (8 digits). */
  ispb?: string;
  /** Where browsers reach it (links, BR Code locations); defaults to the address it listens on. */
  publicUrl?: string;
}

/** A running sandbox PSP. */
export interface SandboxPsp {
  /** Base URL of its API Pix, e.g. `http://127.0.0.1:3011`. */
  url: string;
  /** The page with the "Simular pagamento" button for a charge. */
  simulateUrl(txid: string): string;
  /** Outcome of the last webhook delivery per txid, for tests and the sandbox page. */
  lastWebhook: Map<string, { url: string; status: number | 'unreachable' }>;
  close(): Promise<void>;
}

interface StoredCob extends Cob {
  /** Milliseconds since epoch when the charge stops accepting payments. */
  expiresAtMs: number;
}

function problem(reply: FastifyReply, status: number, type: string, title: string, detail: string) {
  // API Pix errors are RFC 7807 problem documents with a type under pix.bcb.gov.br.
  return reply
    .status(status)
    .type('application/problem+json')
    .send({ type: `https://pix.bcb.gov.br/api/v2/error/${type}`, title, status, detail });
}

/** A 400 `CobOperacaoInvalida` problem with its detail. */
function invalidCob(reply: FastifyReply, detail: string) {
  return problem(reply, 400, 'CobOperacaoInvalida', 'Cobrança inválida.', detail);
}

function cobNotFound(reply: FastifyReply) {
  return problem(
    reply,
    404,
    'CobNaoEncontrado',
    PAYMENT_SANDBOX_MESSAGES.chargeNotFound,
    'Nenhuma cobrança com este txid.',
  );
}

/** A charge as the API Pix shows it: without the sandbox's own bookkeeping. */
function visibleCob(cob: StoredCob): Cob {
  const { expiresAtMs: _, ...visible } = cob;
  return visible;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** 'E' + ISPB + yyyyMMddHHmm + 11 random alphanumerics: the 32-character endToEndId format. */
function endToEndId(ispb: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-T:]/g, '').slice(0, 12);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(11);
  let tail = '';
  for (const byte of bytes) tail += alphabet[byte % alphabet.length];
  return `E${ispb}${stamp}${tail}`;
}

function formatReais(valor: string): string {
  const cents = valorToCents(valor) ?? 0;
  const reais = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${String(cents % 100).padStart(2, '0')}`;
}

const statusLabels: Record<CobStatus, string> = {
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Pagamento confirmado',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Cobrança cancelada pelo recebedor',
  REMOVIDA_PELO_PSP: 'Cobrança removida pelo PSP',
};

function page(cob: StoredCob, expired: boolean, message: string | undefined): string {
  const payable = cob.status === 'ATIVA' && !expired;
  const status = cob.status === 'ATIVA' && expired ? 'Cobrança expirada' : statusLabels[cob.status];
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PSP sandbox · PIX ${escapeHtml(cob.txid)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#0f1115;color:#e8eaf0;display:grid;place-items:center;min-height:100vh}
main{background:#181b22;border:1px solid #2a2f3a;border-radius:12px;padding:24px;max-width:420px;width:100%}
h1{font-size:1.1rem;margin:0 0 8px}.amount{font-size:2rem;font-weight:700;margin:8px 0}
.status{color:#9aa3b5}.qr{background:#fff;border-radius:8px;padding:8px;width:200px;margin:16px auto}
code{display:block;word-break:break-all;font-size:.75rem;background:#0f1115;padding:8px;border-radius:6px}
button{width:100%;padding:12px;margin-top:16px;border:0;border-radius:8px;background:#32bcad;color:#0f1115;font-weight:700;font-size:1rem;cursor:pointer}
button:disabled{background:#2a2f3a;color:#9aa3b5;cursor:not-allowed}.note{color:#f5c26b;font-size:.85rem}
</style></head><body><main>
<h1>PSP sandbox: cobrança PIX</h1>
<p class="note">Ambiente de testes: nenhum dinheiro é movimentado.</p>
<div class="amount">${formatReais(cob.valor.original)}</div>
<p class="status" id="status">${escapeHtml(status)}</p>
${message ? `<p class="note" role="status">${escapeHtml(message)}</p>` : ''}
<div class="qr">${brCodeSvg(cob.pixCopiaECola)}</div>
<code>${escapeHtml(cob.pixCopiaECola)}</code>
<form method="post" action="/sandbox/cob/${escapeHtml(cob.txid)}/pagar">
<button type="submit"${payable ? '' : ' disabled'}>Simular pagamento</button>
</form></main></body></html>`;
}

/** Starts the sandbox PSP and resolves once it listens. */
export async function startSandboxPsp(options: SandboxPspOptions = {}): Promise<SandboxPsp> {
  const now = options.now ?? (() => new Date());
  const ispb = options.ispb ?? '99999008';
  const merchantName = options.merchantName ?? 'Plateia Ingressos';
  const merchantCity = options.merchantCity ?? 'Sao Paulo';
  const charges = new Map<string, StoredCob>();
  const webhooks = new Map<string, string>();
  const lastWebhook: SandboxPsp['lastWebhook'] = new Map();
  let host = '';

  const app: FastifyInstance = Fastify({ logger: false });
  // The simulate form posts url-encoded with nothing the PSP needs.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  // Browsers (the checkout's sandbox button) may call the simulate action directly.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/sandbox/')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    reply.header('access-control-allow-headers', 'content-type');
    if (request.method === 'OPTIONS') return reply.status(204).send();
  });

  const isExpired = (cob: StoredCob) => now().getTime() > cob.expiresAtMs;

  app.put<{ Params: { txid: string }; Body: unknown }>('/cob/:txid', async (request, reply) => {
    const { txid } = request.params;
    if (!COB_TXID.test(txid)) {
      return invalidCob(reply, 'O txid deve ter de 26 a 35 caracteres alfanuméricos.');
    }
    if (charges.has(txid)) {
      return invalidCob(reply, 'Já existe uma cobrança com este txid.');
    }
    const body = request.body as Partial<{
      calendario: { expiracao?: unknown };
      valor: { original?: unknown };
      chave: unknown;
      solicitacaoPagador: unknown;
    }> | null;
    const expiracao = body?.calendario?.expiracao ?? 86_400;
    const original = body?.valor?.original;
    const chave = body?.chave;
    if (
      typeof expiracao !== 'number' ||
      !Number.isInteger(expiracao) ||
      expiracao <= 0 ||
      typeof original !== 'string' ||
      !valorToCents(original) ||
      typeof chave !== 'string' ||
      chave.length === 0 ||
      chave.length > 77
    ) {
      return invalidCob(reply, 'calendario.expiracao, valor.original ou chave inválidos.');
    }
    const created = now();
    const location = `${host}/qr/v2/${randomBytes(16).toString('hex')}`;
    const cob: StoredCob = {
      txid,
      revisao: 0,
      calendario: { criacao: created.toISOString(), expiracao },
      status: 'ATIVA',
      valor: { original },
      chave,
      location,
      pixCopiaECola: buildBrCode({
        location,
        amountCents: valorToCents(original)!,
        merchantName,
        merchantCity,
      }),
      ...(typeof body?.solicitacaoPagador === 'string'
        ? { solicitacaoPagador: body.solicitacaoPagador.slice(0, 140) }
        : {}),
      expiresAtMs: created.getTime() + expiracao * 1000,
    };
    charges.set(txid, cob);
    return reply.status(201).send(visibleCob(cob));
  });

  app.get<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    const cob = charges.get(request.params.txid);
    if (!cob) return cobNotFound(reply);
    return visibleCob(cob);
  });

  app.patch<{ Params: { txid: string }; Body: { status?: unknown } | null }>(
    '/cob/:txid',
    async (request, reply) => {
      const cob = charges.get(request.params.txid);
      if (!cob) return cobNotFound(reply);
      if (request.body?.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') {
        return invalidCob(reply, 'Só é possível remover a cobrança.');
      }
      if (cob.status !== 'ATIVA') {
        return invalidCob(reply, `A cobrança está ${cob.status}.`);
      }
      cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      cob.revisao += 1;
      return visibleCob(cob);
    },
  );

  app.put<{ Params: { chave: string }; Body: { webhookUrl?: unknown } | null }>(
    '/webhook/:chave',
    async (request, reply) => {
      const url = request.body?.webhookUrl;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        return problem(
          reply,
          400,
          'WebhookOperacaoInvalida',
          'Webhook inválido.',
          'webhookUrl deve ser uma URL.',
        );
      }
      webhooks.set(request.params.chave, url.replace(/\/$/, ''));
      return reply
        .status(200)
        .send({ webhookUrl: url, chave: request.params.chave, criacao: now().toISOString() });
    },
  );

  const pay = async (txid: string) => {
    const cob = charges.get(txid);
    if (!cob) return { status: 404, error: PAYMENT_SANDBOX_MESSAGES.chargeNotFound } as const;
    if (cob.status !== 'ATIVA')
      return { status: 409, error: `A cobrança não está ativa (${cob.status}).` } as const;
    if (isExpired(cob))
      return { status: 409, error: 'A cobrança expirou e não aceita mais pagamento.' } as const;
    const at = now();
    const received: PixReceived = {
      endToEndId: endToEndId(ispb, at),
      txid,
      valor: cob.valor.original,
      horario: at.toISOString(),
      chave: cob.chave,
      infoPagador: 'Pagamento simulado no sandbox',
    };
    cob.status = 'CONCLUIDA';
    cob.pix = [received];
    const target = webhooks.get(cob.chave);
    let webhookStatus: number | 'unreachable' | null = null;
    if (target) {
      // Like a PSP, the payment stands whether or not the receiver's webhook answers.
      try {
        const response = await fetch(`${target}/pix`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pix: [received] }),
          signal: AbortSignal.timeout(10_000),
        });
        webhookStatus = response.status;
        await response.arrayBuffer();
      } catch {
        webhookStatus = 'unreachable';
      }
      lastWebhook.set(txid, { url: `${target}/pix`, status: webhookStatus });
    }
    return { status: 200, pix: received, webhookStatus } as const;
  };

  app.get<{ Params: { txid: string }; Querystring: { msg?: string } }>(
    '/sandbox/cob/:txid',
    async (request, reply) => {
      const cob = charges.get(request.params.txid);
      if (!cob)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(`<p>${PAYMENT_SANDBOX_MESSAGES.chargeNotFound}</p>`);
      return reply.type('text/html; charset=utf-8').send(page(cob, isExpired(cob), request.query.msg));
    },
  );

  app.post<{ Params: { txid: string } }>('/sandbox/cob/:txid/pagar', async (request, reply) => {
    const outcome = await pay(request.params.txid);
    const wantsHtml = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    if (wantsHtml) {
      const msg = outcome.status === 200 ? 'Pagamento simulado com sucesso.' : outcome.error;
      return reply.redirect(
        `/sandbox/cob/${encodeURIComponent(request.params.txid)}?msg=${encodeURIComponent(msg)}`,
        303,
      );
    }
    if (outcome.status !== 200)
      return reply.status(outcome.status).send({ error: 'sandbox', message: outcome.error });
    return { status: 'CONCLUIDA', pix: outcome.pix, webhookStatus: outcome.webhookStatus };
  });

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const listenHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  const url = (options.publicUrl ?? `http://${listenHost}:${port}`).replace(/\/$/, '');
  // Locations go in BR Codes without a scheme, as the API Pix gives them.
  host = url.replace(/^https?:\/\//, '');
  return {
    url,
    simulateUrl: (txid) => `${url}/sandbox/cob/${encodeURIComponent(txid)}`,
    lastWebhook,
    close: () => app.close(),
  };
}
