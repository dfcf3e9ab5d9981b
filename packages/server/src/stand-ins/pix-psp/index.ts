/**
 * The sandbox PSP: a real HTTP server speaking the BCB API Pix (`PUT/GET/PATCH /cob/{txid}`,
 * `PUT /webhook/{chave}`, `GET /pix/{e2eid}`, `PUT/GET /pix/{e2eid}/devolucao/{id}`) with
 * charges kept in memory, plus a "Simular pagamento" action that settles a charge and POSTs
 * the webhook the way a PSP does. Devoluções start EM_PROCESSAMENTO and end DEVOLVIDO after
 * `devolucaoDelayMs` (or when a test settles them), or NAO_REALIZADO when armed to fail;
 * each end is POSTed to the webhook inside the `pix` item. Development and tests only.
 */
import Fastify from 'fastify';
import type { PixEnvio } from '../../payments/pix/provider.ts';
import { type ListenOptions, listen } from '../listen.ts';
import { registerCobRoutes } from './cob-routes.ts';
import { registerEnvioRoutes } from './envio-routes.ts';
import { registerPixRoutes } from './pix-routes.ts';
import { registerSandboxRoutes } from './sandbox-routes.ts';
import { type DevolucaoOutcome, PspState, type WebhookDelivery } from './state.ts';

export type { DevolucaoOutcome } from './state.ts';

/** How to run the sandbox PSP. */
export interface SandboxPspOptions extends ListenOptions {
  /** Receiver shown in the BR Codes. */
  merchantName?: string;
  merchantCity?: string;
  /** The time; tests pass a clock to expire charges without waiting. */
  now?: () => Date;
  /** The ISPB in generated endToEndIds (8 digits). */
  ispb?: string;
  /**
   * How long a devolução stays EM_PROCESSAMENTO before it ends on its own (default 1000 ms).
   * `null`: it ends only through `settleDevolucao` or the sandbox page (tests pick the moment).
   */
  devolucaoDelayMs?: number | null;
}

/** A running sandbox PSP. */
export interface SandboxPsp {
  /** Base URL of its API Pix, e.g. `http://127.0.0.1:3011`. */
  url: string;
  /** The page with the "Simular pagamento" button for a charge. */
  simulateUrl(txid: string): string;
  /** Outcome of the last webhook delivery per txid, for tests and the sandbox page. */
  lastWebhook: Map<string, WebhookDelivery>;
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

/** Starts the sandbox PSP and resolves once it listens. */
export async function startSandboxPsp(options: SandboxPspOptions = {}): Promise<SandboxPsp> {
  const state = new PspState({
    now: options.now ?? (() => new Date()),
    ispb: options.ispb ?? '99999008',
    merchantName: options.merchantName ?? 'Plateia Ingressos',
    merchantCity: options.merchantCity ?? 'Sao Paulo',
    devolucaoDelayMs: options.devolucaoDelayMs === undefined ? 1000 : options.devolucaoDelayMs,
  });
  const app = Fastify({ logger: false });
  registerSandboxRoutes(app, state);
  registerCobRoutes(app, state);
  registerPixRoutes(app, state);
  registerEnvioRoutes(app, state);

  const { publicUrl: url } = await listen(app, options);
  // Locations go in BR Codes without a scheme, as the API Pix gives them.
  state.host = url.replace(/^https?:\/\//, '');
  return {
    url,
    simulateUrl: (txid) => `${url}/sandbox/cob/${encodeURIComponent(txid)}`,
    lastWebhook: state.lastWebhook,
    settleDevolucao: (e2eid, id, outcome) => state.settleDevolucao(e2eid, id, outcome),
    failNextDevolucao: (e2eid) => state.failNextDevolucao(e2eid),
    envio: (idEnvio) => state.envios.get(idEnvio),
    devolvido: (e2eid) => state.devolvido(e2eid),
    async close() {
      state.stopTimers();
      await app.close();
    },
  };
}
