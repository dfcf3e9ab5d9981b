/**
 * What the sandbox PSP knows, kept in memory: the charges (cobs), the PIX received with their
 * devoluções, the PIX sent to keys, the webhooks registered per key. Every route reads and
 * changes it through this class; the webhook POSTs go out from here too.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_SANDBOX_MESSAGES } from '@plateia/core/messages/payments';
import { buildBrCode } from '../../payments/pix/brcode.ts';
import {
  type Cob,
  centsToValor,
  type Devolucao,
  type DevolucaoStatus,
  type PixEnvio,
  type PixReceived,
  valorToCents,
} from '../../payments/pix/provider.ts';

/** How a devolução ends in the sandbox. */
export type DevolucaoOutcome = Exclude<DevolucaoStatus, 'EM_PROCESSAMENTO'>;

/** Outcome of one webhook delivery. */
export interface WebhookDelivery {
  url: string;
  status: number | 'unreachable';
}

/** A charge with the sandbox's own bookkeeping. */
export interface StoredCob extends Cob {
  /** Milliseconds since epoch when the charge stops accepting payments. */
  expiresAtMs: number;
}

/** What the sandbox keeps per PIX received. */
export interface StoredPix {
  pix: PixReceived & { devolucoes: Devolucao[] };
  paidCents: number;
  /** The next devolução ends NAO_REALIZADO. */
  failNext: boolean;
}

/** What a PSP is set up with. */
export interface PspSetup {
  now: () => Date;
  /** The ISPB in generated endToEndIds (8 digits). */
  ispb: string;
  merchantName: string;
  merchantCity: string;
  /** How long a devolução stays EM_PROCESSAMENTO; null: until settled by hand. */
  devolucaoDelayMs: number | null;
}

/** What paying a charge from the sandbox gave. */
export type PayOutcome =
  | { status: 404 | 409; error: string }
  | { status: 200; pix: PixReceived; webhookStatus: WebhookDelivery['status'] | null };

/** Why the sandbox refuses a devolução (the motivo shown at NAO_REALIZADO). */
const REFUSED_MOTIVO = 'Conta do pagador encerrada ou indisponível para crédito (simulado no sandbox).';

/** 'E' + ISPB + yyyyMMddHHmm + 11 random alphanumerics: the 32-character endToEndId format. */
export function endToEndId(ispb: string, at: Date, prefix = 'E'): string {
  const stamp = at.toISOString().replace(/[-T:]/g, '').slice(0, 12);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(11);
  let tail = '';
  for (const byte of bytes) tail += alphabet[byte % alphabet.length];
  return `${prefix}${ispb}${stamp}${tail}`;
}

/** Cents of the devoluções in one state. */
export function sumCents(devolucoes: Devolucao[], status: DevolucaoStatus): number {
  return devolucoes
    .filter((dev) => dev.status === status)
    .reduce((sum, dev) => sum + (valorToCents(dev.valor) ?? 0), 0);
}

/** A charge as the API Pix shows it: without the sandbox's own bookkeeping. */
export function visibleCob(cob: StoredCob): Cob {
  const { expiresAtMs: _, ...visible } = cob;
  return visible;
}

/** The PIX as GET /pix/{e2eid} shows it: `devolucoes` only once one was asked. */
export function visiblePix(stored: StoredPix): PixReceived {
  const { devolucoes, ...pix } = stored.pix;
  return devolucoes.length ? { ...pix, devolucoes: devolucoes.map((dev) => ({ ...dev })) } : pix;
}

/** The sandbox PSP's memory and the moves a PSP makes on its own. */
export class PspState {
  readonly charges = new Map<string, StoredCob>();
  readonly received = new Map<string, StoredPix>();
  readonly envios = new Map<string, PixEnvio>();
  readonly webhooks = new Map<string, string>();
  /** Outcome of the last webhook delivery per txid. */
  readonly lastWebhook = new Map<string, WebhookDelivery>();
  /** The next devolução of any PIX ends NAO_REALIZADO. */
  failNextAny = false;
  /** Host (no scheme) the BR Code locations are under; known once the server listens. */
  host = '';
  private readonly timers = new Set<NodeJS.Timeout>();

  readonly setup: PspSetup;

  constructor(setup: PspSetup) {
    this.setup = setup;
  }

  now(): Date {
    return this.setup.now();
  }

  isExpired(cob: StoredCob): boolean {
    return this.now().getTime() > cob.expiresAtMs;
  }

  /** A new ATIVA charge, with its location and BR Code. */
  createCob(input: {
    txid: string;
    expiracao: number;
    original: string;
    chave: string;
    solicitacaoPagador?: string;
  }): StoredCob {
    const created = this.now();
    const location = `${this.host}/qr/v2/${randomBytes(16).toString('hex')}`;
    const cob: StoredCob = {
      txid: input.txid,
      revisao: 0,
      calendario: { criacao: created.toISOString(), expiracao: input.expiracao },
      status: 'ATIVA',
      valor: { original: input.original },
      chave: input.chave,
      location,
      pixCopiaECola: buildBrCode({
        location,
        amountCents: valorToCents(input.original)!,
        merchantName: this.setup.merchantName,
        merchantCity: this.setup.merchantCity,
      }),
      ...(input.solicitacaoPagador !== undefined ? { solicitacaoPagador: input.solicitacaoPagador } : {}),
      expiresAtMs: created.getTime() + input.expiracao * 1000,
    };
    this.charges.set(input.txid, cob);
    return cob;
  }

  /** The payer pays the charge ("Simular pagamento"): CONCLUIDA, and the webhook is POSTed. */
  async pay(txid: string): Promise<PayOutcome> {
    const cob = this.charges.get(txid);
    if (!cob) return { status: 404, error: PAYMENT_SANDBOX_MESSAGES.chargeNotFound };
    if (cob.status !== 'ATIVA') return { status: 409, error: `A cobrança não está ativa (${cob.status}).` };
    if (this.isExpired(cob)) return { status: 409, error: 'A cobrança expirou e não aceita mais pagamento.' };
    const at = this.now();
    const pix: PixReceived = {
      endToEndId: endToEndId(this.setup.ispb, at),
      txid,
      valor: cob.valor.original,
      horario: at.toISOString(),
      chave: cob.chave,
      infoPagador: 'Pagamento simulado no sandbox',
    };
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    // The stored copy grows `devolucoes` once one is asked; the webhook of the payment has none.
    this.received.set(pix.endToEndId, {
      pix: { ...pix, devolucoes: [] },
      paidCents: valorToCents(pix.valor) ?? 0,
      failNext: false,
    });
    const webhookStatus = await this.notify(cob.chave, txid, pix);
    return { status: 200, pix, webhookStatus };
  }

  /** POSTs `{pix: [item]}` to the key's webhook; the outcome, or null when none is registered. */
  async notify(chave: string, txid: string, item: PixReceived): Promise<WebhookDelivery['status'] | null> {
    const target = this.webhooks.get(chave);
    if (!target) return null;
    let webhookStatus: WebhookDelivery['status'];
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
    this.lastWebhook.set(txid, { url: `${target}/pix`, status: webhookStatus });
    return webhookStatus;
  }

  /** A new devolução of `cents`, EM_PROCESSAMENTO, set to end on its own when it should. */
  requestDevolucao(stored: StoredPix, id: string, cents: number, descricao: unknown): Devolucao {
    const at = this.now();
    const dev: Devolucao = {
      id,
      rtrId: endToEndId(this.setup.ispb, at, 'D'),
      valor: centsToValor(cents),
      natureza: 'ORIGINAL',
      ...(typeof descricao === 'string' ? { descricao: descricao.slice(0, 140) } : {}),
      horario: { solicitacao: at.toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    stored.pix.devolucoes.push(dev);
    const outcome: DevolucaoOutcome = stored.failNext || this.failNextAny ? 'NAO_REALIZADO' : 'DEVOLVIDO';
    if (stored.failNext) stored.failNext = false;
    else if (this.failNextAny) this.failNextAny = false;
    const delay = this.setup.devolucaoDelayMs;
    if (delay !== null || outcome === 'NAO_REALIZADO') {
      // A refused devolução also ends on its own, so one armed failure needs no second call.
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.settleDevolucao(stored.pix.endToEndId, id, outcome);
      }, delay ?? 0);
      this.timers.add(timer);
    }
    return dev;
  }

  /** Ends a devolução in processing and notifies the webhook with the PIX and its devoluções. */
  async settleDevolucao(e2eid: string, id: string, outcome: DevolucaoOutcome): Promise<boolean> {
    const stored = this.received.get(e2eid);
    const dev = stored?.pix.devolucoes.find((entry) => entry.id === id);
    if (!stored || !dev || dev.status !== 'EM_PROCESSAMENTO') return false;
    dev.status = outcome;
    if (outcome === 'DEVOLVIDO') dev.horario.liquidacao = this.now().toISOString();
    else dev.motivo = REFUSED_MOTIVO;
    const cob = this.charges.get(stored.pix.txid);
    const item = visiblePix(stored);
    // A PSP keeps the charge's copy of the PIX in step with GET /pix/{e2eid}.
    if (cob?.pix) cob.pix = cob.pix.map((entry) => (entry.endToEndId === e2eid ? item : entry));
    await this.notify(stored.pix.chave ?? cob?.chave ?? '', stored.pix.txid, item);
    return true;
  }

  /** The next devolução asked for this PIX (or any PIX, with `'*'`) ends NAO_REALIZADO. */
  failNextDevolucao(e2eid: string): void {
    if (e2eid === '*') this.failNextAny = true;
    else {
      const stored = this.received.get(e2eid);
      if (stored) stored.failNext = true;
    }
  }

  /** Cents of this PIX already returned (DEVOLVIDO) and still in processing. */
  devolvido(e2eid: string): { returnedCents: number; processingCents: number } {
    const devolucoes = this.received.get(e2eid)?.pix.devolucoes ?? [];
    return {
      returnedCents: sumCents(devolucoes, 'DEVOLVIDO'),
      processingCents: sumCents(devolucoes, 'EM_PROCESSAMENTO'),
    };
  }

  /** A PIX sent to a key, made at once (REALIZADO). */
  sendPix(idEnvio: string, cents: number, chave: string): PixEnvio {
    const at = this.now();
    const envio: PixEnvio = {
      idEnvio,
      e2eId: endToEndId(this.setup.ispb, at),
      valor: centsToValor(cents),
      chave,
      horario: { solicitacao: at.toISOString(), liquidacao: at.toISOString() },
      status: 'REALIZADO',
    };
    this.envios.set(idEnvio, envio);
    return envio;
  }

  /** Stops the devoluções still waiting to end on their own. */
  stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
