/**
 * The PSP behind PIX charges, in the shape of the BCB "API Pix" (v2): immediate charges
 * (`cob`) created with `PUT /cob/{txid}`, read with `GET /cob/{txid}`, removed with
 * `PATCH /cob/{txid}`, and a webhook registered with `PUT /webhook/{chave}` to which the
 * PSP POSTs `{webhookUrl}/pix` with a `pix` array.
 */

/** A charge's state in the PSP (API Pix `StatusCobranca`). */
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** The body of `PUT /cob/{txid}`. Amounts are strings with a dot and two decimals ("37.00"). */
export interface CobRequest {
  calendario: { expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
}

/** A PIX received for a charge (API Pix `Pix`). */
export interface PixReceived {
  /** The payment's unique id across the whole PIX system: 32 characters starting with E. */
  endToEndId: string;
  txid: string;
  valor: string;
  /** ISO 8601 time the payment settled. */
  horario: string;
  chave?: string;
  infoPagador?: string;
  /** Devoluções asked for this PIX (API Pix `Pix.devolucoes`), present in GET and webhooks. */
  devolucoes?: Devolucao[];
}

/** A devolução's state (API Pix `DevolucaoStatus`). */
export type DevolucaoStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/**
 * A devolução of a received PIX (API Pix `Devolucao`): money sent back to the account that
 * paid, asked with `PUT /pix/{e2eid}/devolucao/{id}` under an id the receiver chooses.
 */
export interface Devolucao {
  /** Our id (1 to 35 letters and digits): asking again with it never returns twice. */
  id: string;
  /** The return's id in the PIX system: 32 characters starting with D. */
  rtrId: string;
  valor: string;
  natureza?: 'ORIGINAL' | 'RETIRADA';
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: DevolucaoStatus;
  /** Why it was not made (NAO_REALIZADO), up to 140 characters. */
  motivo?: string;
}

/** A PIX sent from our account to a key (the PSP's "envio", e.g. Efí `PUT /v2/gn/pix/{idEnvio}`). */
export interface PixEnvio {
  idEnvio: string;
  /** The payment's endToEndId, once the PSP sent it. */
  e2eId?: string;
  valor: string;
  chave: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
  motivo?: string;
}

/** The devolução id rule of the API Pix. */
export const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;

/** A charge as the PSP reports it (API Pix `CobCompleta`). */
export interface Cob {
  txid: string;
  revisao: number;
  calendario: { criacao: string; expiracao: number };
  status: CobStatus;
  valor: { original: string };
  chave: string;
  /** The payload location, without scheme; it is what a dynamic BR Code points at. */
  location: string;
  pixCopiaECola: string;
  solicitacaoPagador?: string;
  /** Present once paid. */
  pix?: PixReceived[];
}

/** The body the PSP POSTs to `{webhookUrl}/pix`. */
export interface PixWebhookBody {
  pix: PixReceived[];
}

/** A PSP answer the adapter could not use (network failure, 4xx/5xx problem document). */
export class PixProviderError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** What Plateia needs from a PSP. Implemented over HTTP by `HttpPixProvider`. */
export interface PixProvider {
  /** `PUT /cob/{txid}`: creates the charge (txid: 26 to 35 letters and digits). */
  createCharge(txid: string, request: CobRequest): Promise<Cob>;
  /** `GET /cob/{txid}`: the charge as the PSP sees it now; null when it does not exist. */
  getCharge(txid: string): Promise<Cob | null>;
  /** `PATCH /cob/{txid}` to REMOVIDA_PELO_USUARIO_RECEBEDOR, so an expired order cannot be paid. */
  removeCharge(txid: string): Promise<Cob>;
  /** `PUT /webhook/{chave}`: where the PSP posts payments for that key. */
  configureWebhook(chave: string, webhookUrl: string): Promise<void>;
  /**
   * `PUT /pix/{e2eid}/devolucao/{id}`: returns `amountCents` of a received PIX to the account
   * that paid it. Asking again with the same id and amount answers the same devolução, so a
   * retry never returns twice; it usually starts EM_PROCESSAMENTO.
   */
  requestDevolucao(
    e2eid: string,
    devolucaoId: string,
    amountCents: number,
    descricao?: string,
  ): Promise<Devolucao>;
  /** `GET /pix/{e2eid}/devolucao/{id}`: the devolução now; null when the PSP has none with that id. */
  getDevolucao(e2eid: string, devolucaoId: string): Promise<Devolucao | null>;
  /**
   * Sends `amountCents` to a PIX key (`PUT /gn/pix/{idEnvio}`; the BCB API Pix has no payment
   * call, so this follows the common PSP extension). The same id never sends twice.
   */
  sendPix(idEnvio: string, chave: string, amountCents: number): Promise<PixEnvio>;
  /** `GET /gn/pix/enviados/id-envio/{idEnvio}`: the envio now; null when unknown. */
  getSentPix(idEnvio: string): Promise<PixEnvio | null>;
}

/** Cents as an API Pix amount string ("37.00"). */
export function centsToValor(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An API Pix amount string as cents, or null when it is not one. */
export function valorToCents(valor: string): number | null {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(valor);
  if (!match) return null;
  return Number(match[1]) * 100 + Number(match[2]);
}

/** The txid rule of the API Pix for immediate charges. */
export const COB_TXID = /^[a-zA-Z0-9]{26,35}$/;
