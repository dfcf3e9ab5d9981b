/**
 * The sandbox PSP: a real HTTP server speaking the BCB API Pix (`PUT/GET/PATCH /cob/{txid}`,
 * `PUT /webhook/{chave}`, `GET /pix/{e2eid}`, `PUT/GET /pix/{e2eid}/devolucao/{id}`) with
 * charges kept in memory, plus a "Simular pagamento" action that settles a charge and POSTs
 * the webhook the way a PSP does. Devoluções start EM_PROCESSAMENTO and end DEVOLVIDO after
 * `devolucaoDelayMs` (or when a test settles them), or NAO_REALIZADO when armed to fail;
 * each end is POSTed to the webhook inside the `pix` item. Development and tests only.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { brCodeSvg, buildBrCode } from '../pix/brcode.ts';
import {
  COB_TXID,
  type Cob,
  type CobStatus,
  centsToValor,
  DEVOLUCAO_ID,
  type Devolucao,
  type DevolucaoStatus,
  type PixEnvio,
  type PixReceived,
  valorToCents,
} from '../pix/provider.ts';

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
  /**
   * How long a devolução stays EM_PROCESSAMENTO before it ends on its own (default 1000 ms).
   * `null`: it ends only through `settleDevolucao` or the sandbox page (tests pick the moment).
   */
  devolucaoDelayMs?: number | null;
}

/** How a devolução ends in the sandbox. */
export type DevolucaoOutcome = Exclude<DevolucaoStatus, 'EM_PROCESSAMENTO'>;

/** A running sandbox PSP. */
export interface SandboxPsp {
  /** Base URL of its API Pix, e.g. `http://127.0.0.1:3011`. */
  url: string;
  /** The page with the "Simular pagamento" button for a charge. */
  simulateUrl(txid: string): string;
  /** Outcome of the last webhook delivery per txid, for tests and the sandbox page. */
  lastWebhook: Map<string, { url: string; status: number | 'unreachable' }>;
  /**
   * Ends a devolução still EM_PROCESSAMENTO (and POSTs the webhook); false when there is none
   * in processing with that id.
   */
  settleDevolucao(e2eid: string, devolucaoId: string, outcome: DevolucaoOutcome): Promise<boolean>;
  /** The next devolução asked for this PIX (or any PIX, with `'*'`) ends NAO_REALIZADO. */
  failNextDevolucao(e2eid: string): void;
  /** A PIX sent to a key, by its id. */
  envio(idEnvio: string): PixEnvio | undefined;
  /** Cents of this PIX already returned (DEVOLVIDO) and still in processing. */
  devolvido(e2eid: string): { returnedCents: number; processingCents: number };
  close(): Promise<void>;
}

/** What the sandbox keeps per PIX received. */
interface StoredPix {
  pix: PixReceived & { devolucoes: Devolucao[] };
  paidCents: number;
  /** The next devolução ends NAO_REALIZADO. */
  failNext: boolean;
}

/** Why the sandbox refuses a devolução (the motivo shown at NAO_REALIZADO). */
const REFUSED_MOTIVO = 'Conta do pagador encerrada ou indisponível para crédito (simulado no sandbox).';

const devolucaoLabels: Record<DevolucaoStatus, string> = {
  EM_PROCESSAMENTO: 'Em processamento',
  DEVOLVIDO: 'Devolvido',
  NAO_REALIZADO: 'Não realizado',
};

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
function endToEndId(ispb: string, at: Date, prefix = 'E'): string {
  const stamp = at.toISOString().replace(/[-T:]/g, '').slice(0, 12);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(11);
  let tail = '';
  for (const byte of bytes) tail += alphabet[byte % alphabet.length];
  return `${prefix}${ispb}${stamp}${tail}`;
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

/** The paid PIX's devoluções on the charge page: amounts, states and the sandbox's controls. */
function devolucoesSection(stored: StoredPix | undefined): string {
  if (!stored) return '';
  const e2eid = escapeHtml(stored.pix.endToEndId);
  const returned = sumCents(stored.pix.devolucoes, 'DEVOLVIDO');
  const rows = stored.pix.devolucoes
    .map((dev) => {
      const controls =
        dev.status === 'EM_PROCESSAMENTO'
          ? `<form method="post" action="/sandbox/pix/${e2eid}/devolucao/${escapeHtml(dev.id)}/devolver"><button type="submit">Concluir devolução</button></form>
<form method="post" action="/sandbox/pix/${e2eid}/devolucao/${escapeHtml(dev.id)}/recusar"><button type="submit" class="secondary">Recusar devolução</button></form>`
          : '';
      return `<li data-devolucao="${escapeHtml(dev.id)}" data-status="${dev.status}"><strong>${formatReais(dev.valor)}</strong> · ${devolucaoLabels[dev.status]}${dev.motivo ? ` · ${escapeHtml(dev.motivo)}` : ''}${controls}</li>`;
    })
    .join('');
  return `<section aria-label="Devoluções"><h2>Devoluções</h2>
<p id="devolvido">Devolvido ao pagador: ${formatReais(centsToValor(returned))} de ${formatReais(stored.pix.valor)}</p>
${rows ? `<ul>${rows}</ul>` : '<p class="status">Nenhuma devolução pedida.</p>'}
<form method="post" action="/sandbox/pix/${e2eid}/recusar-proxima"><button type="submit" class="secondary"${stored.failNext ? ' disabled' : ''}>${stored.failNext ? 'A próxima devolução será recusada' : 'Recusar a próxima devolução'}</button></form>
</section>`;
}

/** Cents of the devoluções in one state. */
function sumCents(devolucoes: Devolucao[], status: DevolucaoStatus): number {
  return devolucoes
    .filter((dev) => dev.status === status)
    .reduce((sum, dev) => sum + (valorToCents(dev.valor) ?? 0), 0);
}

function page(cob: StoredCob, expired: boolean, message: string | undefined, paid?: StoredPix): string {
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
button.secondary{background:#2a2f3a;color:#e8eaf0}h2{font-size:1rem;margin:20px 0 4px}ul{padding-left:18px}li{margin:8px 0}
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
</form>${devolucoesSection(paid)}</main></body></html>`;
}

/** Starts the sandbox PSP and resolves once it listens. */
export async function startSandboxPsp(options: SandboxPspOptions = {}): Promise<SandboxPsp> {
  const now = options.now ?? (() => new Date());
  const ispb = options.ispb ?? '99999008';
  const merchantName = options.merchantName ?? 'Plateia Ingressos';
  const merchantCity = options.merchantCity ?? 'Sao Paulo';
  const charges = new Map<string, StoredCob>();
  const received = new Map<string, StoredPix>();
  const envios = new Map<string, PixEnvio>();
  const devolucaoDelayMs = options.devolucaoDelayMs === undefined ? 1000 : options.devolucaoDelayMs;
  const timers = new Set<NodeJS.Timeout>();
  let failNextAny = false;
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
    const pix: PixReceived = {
      endToEndId: endToEndId(ispb, at),
      txid,
      valor: cob.valor.original,
      horario: at.toISOString(),
      chave: cob.chave,
      infoPagador: 'Pagamento simulado no sandbox',
    };
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    // The stored copy grows `devolucoes` once one is asked; the webhook of the payment has none.
    received.set(pix.endToEndId, {
      pix: { ...pix, devolucoes: [] },
      paidCents: valorToCents(pix.valor) ?? 0,
      failNext: false,
    });
    const webhookStatus = await notify(cob.chave, txid, pix);
    return { status: 200, pix, webhookStatus } as const;
  };

  /** POSTs `{pix: [item]}` to the key's webhook; the outcome, or null when none is registered. */
  const notify = async (chave: string, txid: string, item: PixReceived) => {
    const target = webhooks.get(chave);
    if (!target) return null;
    let webhookStatus: number | 'unreachable';
    // Like a PSP, the payment stands whether or not the receiver's webhook answers.
    try {
      const response = await fetch(`${target}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: [item] }),
        signal: AbortSignal.timeout(10_000),
      });
      webhookStatus = response.status;
      await response.arrayBuffer();
    } catch {
      webhookStatus = 'unreachable';
    }
    lastWebhook.set(txid, { url: `${target}/pix`, status: webhookStatus });
    return webhookStatus;
  };

  /** The PIX as GET /pix/{e2eid} shows it: `devolucoes` only once one was asked. */
  const visiblePix = (stored: StoredPix): PixReceived => {
    const { devolucoes, ...pix } = stored.pix;
    return devolucoes.length ? { ...pix, devolucoes: devolucoes.map((dev) => ({ ...dev })) } : pix;
  };

  /** Ends a devolução in processing and notifies the webhook with the PIX and its devoluções. */
  const settleDevolucao = async (e2eid: string, id: string, outcome: DevolucaoOutcome) => {
    const stored = received.get(e2eid);
    const dev = stored?.pix.devolucoes.find((entry) => entry.id === id);
    if (!stored || !dev || dev.status !== 'EM_PROCESSAMENTO') return false;
    dev.status = outcome;
    if (outcome === 'DEVOLVIDO') dev.horario.liquidacao = now().toISOString();
    else dev.motivo = REFUSED_MOTIVO;
    const cob = charges.get(stored.pix.txid);
    const item = visiblePix(stored);
    // A PSP keeps the charge's copy of the PIX in step with GET /pix/{e2eid}.
    if (cob?.pix) cob.pix = cob.pix.map((entry) => (entry.endToEndId === e2eid ? item : entry));
    await notify(stored.pix.chave ?? cob?.chave ?? '', stored.pix.txid, item);
    return true;
  };

  const pixNotFound = (reply: FastifyReply) =>
    problem(reply, 404, 'PixNaoEncontrado', 'Pix não encontrado.', 'Nenhum Pix recebido com este e2eid.');
  const invalidDevolucao = (reply: FastifyReply, detail: string) =>
    problem(reply, 400, 'DevolucaoOperacaoInvalida', 'Devolução inválida.', detail);

  app.get<{ Params: { e2eid: string } }>('/pix/:e2eid', async (request, reply) => {
    const stored = received.get(request.params.e2eid);
    if (!stored) return pixNotFound(reply);
    return visiblePix(stored);
  });

  app.put<{ Params: { e2eid: string; id: string }; Body: { valor?: unknown; descricao?: unknown } | null }>(
    '/pix/:e2eid/devolucao/:id',
    async (request, reply) => {
      const { e2eid, id } = request.params;
      const stored = received.get(e2eid);
      if (!stored) return pixNotFound(reply);
      if (!DEVOLUCAO_ID.test(id)) {
        return invalidDevolucao(reply, 'O id da devolução deve ter de 1 a 35 caracteres alfanuméricos.');
      }
      const valor = request.body?.valor;
      const cents = typeof valor === 'string' ? valorToCents(valor) : null;
      if (!cents)
        return invalidDevolucao(reply, 'valor deve ser um valor positivo com duas casas ("10.00").');
      const existing = stored.pix.devolucoes.find((dev) => dev.id === id);
      if (existing) {
        // The same id asked again: the same devolução, never a second return.
        if (valorToCents(existing.valor) !== cents) {
          return invalidDevolucao(reply, 'Já existe uma devolução com este id e outro valor.');
        }
        return reply.status(200).send({ ...existing });
      }
      const committed =
        sumCents(stored.pix.devolucoes, 'DEVOLVIDO') + sumCents(stored.pix.devolucoes, 'EM_PROCESSAMENTO');
      if (committed + cents > stored.paidCents) {
        return invalidDevolucao(
          reply,
          `O valor excede o disponível para devolução (${centsToValor(stored.paidCents - committed)}).`,
        );
      }
      const at = now();
      const dev: Devolucao = {
        id,
        rtrId: endToEndId(ispb, at, 'D'),
        valor: centsToValor(cents),
        natureza: 'ORIGINAL',
        ...(typeof request.body?.descricao === 'string'
          ? { descricao: request.body.descricao.slice(0, 140) }
          : {}),
        horario: { solicitacao: at.toISOString() },
        status: 'EM_PROCESSAMENTO',
      };
      stored.pix.devolucoes.push(dev);
      const outcome: DevolucaoOutcome = stored.failNext || failNextAny ? 'NAO_REALIZADO' : 'DEVOLVIDO';
      if (stored.failNext) stored.failNext = false;
      else if (failNextAny) failNextAny = false;
      if (devolucaoDelayMs !== null || outcome === 'NAO_REALIZADO') {
        // A refused devolução also ends on its own, so one armed failure needs no second call.
        const timer = setTimeout(() => {
          timers.delete(timer);
          void settleDevolucao(e2eid, id, outcome);
        }, devolucaoDelayMs ?? 0);
        timers.add(timer);
      }
      return reply.status(201).send({ ...dev, horario: { ...dev.horario } });
    },
  );

  app.get<{ Params: { e2eid: string; id: string } }>('/pix/:e2eid/devolucao/:id', async (request, reply) => {
    const stored = received.get(request.params.e2eid);
    if (!stored) return pixNotFound(reply);
    const dev = stored.pix.devolucoes.find((entry) => entry.id === request.params.id);
    if (!dev) {
      return problem(
        reply,
        404,
        'DevolucaoNaoEncontrada',
        'Devolução não encontrada.',
        'Nenhuma devolução com este id para este Pix.',
      );
    }
    return { ...dev, horario: { ...dev.horario } };
  });

  // PIX sent to a key (a refund whose original account refused the devolução): made at once.
  app.put<{ Params: { id: string }; Body: { valor?: unknown; favorecido?: { chave?: unknown } } | null }>(
    '/gn/pix/:id',
    async (request, reply) => {
      const { id } = request.params;
      const valor = request.body?.valor;
      const cents = typeof valor === 'string' ? valorToCents(valor) : null;
      const chave = request.body?.favorecido?.chave;
      if (!DEVOLUCAO_ID.test(id) || !cents || typeof chave !== 'string' || !chave || chave.length > 77) {
        return problem(
          reply,
          400,
          'EnvioOperacaoInvalida',
          'Envio inválido.',
          'idEnvio, valor ou chave inválidos.',
        );
      }
      const existing = envios.get(id);
      if (existing) {
        if (existing.valor !== centsToValor(cents) || existing.chave !== chave) {
          return problem(
            reply,
            400,
            'EnvioOperacaoInvalida',
            'Envio inválido.',
            'Já existe um envio com este id.',
          );
        }
        return reply.status(200).send(existing);
      }
      const at = now();
      const envio: PixEnvio = {
        idEnvio: id,
        e2eId: endToEndId(ispb, at),
        valor: centsToValor(cents),
        chave,
        horario: { solicitacao: at.toISOString(), liquidacao: at.toISOString() },
        status: 'REALIZADO',
      };
      envios.set(id, envio);
      return reply.status(201).send(envio);
    },
  );

  app.get<{ Params: { id: string } }>('/gn/pix/enviados/id-envio/:id', async (request, reply) => {
    const envio = envios.get(request.params.id);
    if (!envio)
      return problem(reply, 404, 'EnvioNaoEncontrado', 'Envio não encontrado.', 'Nenhum envio com este id.');
    return envio;
  });

  /** Sandbox controls answer JSON to scripts and redirect a browser form back to the charge page. */
  const sandboxAnswer = (
    request: { headers: Record<string, string | string[] | undefined> },
    reply: FastifyReply,
    txid: string | undefined,
    status: number,
    message: string,
  ) => {
    const fromForm = String(request.headers['content-type'] ?? '').startsWith(
      'application/x-www-form-urlencoded',
    );
    if (fromForm && txid) {
      return reply.redirect(
        `/sandbox/cob/${encodeURIComponent(txid)}?msg=${encodeURIComponent(message)}`,
        303,
      );
    }
    return reply.status(status).send(status === 200 ? { message } : { error: 'sandbox', message });
  };

  app.post<{ Params: { e2eid: string; id: string; outcome: string } }>(
    '/sandbox/pix/:e2eid/devolucao/:id/:outcome',
    async (request, reply) => {
      const stored = received.get(request.params.e2eid);
      const outcome = { devolver: 'DEVOLVIDO', recusar: 'NAO_REALIZADO' }[request.params.outcome] as
        | DevolucaoOutcome
        | undefined;
      if (!outcome) return reply.status(400).send({ error: 'sandbox', message: 'Use devolver ou recusar.' });
      const done = await settleDevolucao(request.params.e2eid, request.params.id, outcome);
      return done
        ? sandboxAnswer(
            request,
            reply,
            stored?.pix.txid,
            200,
            `Devolução ${devolucaoLabels[outcome].toLowerCase()}.`,
          )
        : sandboxAnswer(
            request,
            reply,
            stored?.pix.txid,
            409,
            'Nenhuma devolução em processamento com este id.',
          );
    },
  );

  app.post<{ Params: { e2eid: string } }>('/sandbox/pix/:e2eid/recusar-proxima', async (request, reply) => {
    const stored = received.get(request.params.e2eid);
    if (!stored) return reply.status(404).send({ error: 'sandbox', message: 'Pix não encontrado.' });
    stored.failNext = true;
    return sandboxAnswer(
      request,
      reply,
      stored.pix.txid,
      200,
      'A próxima devolução deste Pix será recusada.',
    );
  });

  app.get<{ Params: { txid: string }; Querystring: { msg?: string } }>(
    '/sandbox/cob/:txid',
    async (request, reply) => {
      const cob = charges.get(request.params.txid);
      if (!cob)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(`<p>${PAYMENT_SANDBOX_MESSAGES.chargeNotFound}</p>`);
      const paid = cob.pix?.[0] ? received.get(cob.pix[0].endToEndId) : undefined;
      return reply.type('text/html; charset=utf-8').send(page(cob, isExpired(cob), request.query.msg, paid));
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
    settleDevolucao,
    failNextDevolucao(e2eid) {
      if (e2eid === '*') failNextAny = true;
      else {
        const stored = received.get(e2eid);
        if (stored) stored.failNext = true;
      }
    },
    envio: (idEnvio) => envios.get(idEnvio),
    devolvido(e2eid) {
      const devolucoes = received.get(e2eid)?.pix.devolucoes ?? [];
      return {
        returnedCents: sumCents(devolucoes, 'DEVOLVIDO'),
        processingCents: sumCents(devolucoes, 'EM_PROCESSAMENTO'),
      };
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await app.close();
    },
  };
}
