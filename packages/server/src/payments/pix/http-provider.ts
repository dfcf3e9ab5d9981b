import {
  type Cob,
  type CobRequest,
  centsToValor,
  type Devolucao,
  type PixEnvio,
  type PixProvider,
  PixProviderError,
} from './provider.ts';

/** How to reach a PSP's API Pix. */
export interface HttpPixProviderOptions {
  /** Base URL, e.g. `https://pix.example.com/api/v2` (the sandbox: `http://127.0.0.1:3011`). */
  baseUrl: string;
  /**
   * Returns the bearer token. A real PSP issues it through OAuth2 client credentials over
   * mTLS (the client certificate goes on the `dispatcher`); the sandbox needs none.
   */
  accessToken?: () => Promise<string | undefined>;
  /** Per-call timeout; the checkout waits on these calls. */
  timeoutMs?: number;
  /** For mTLS: an undici dispatcher carrying the client certificate. */
  dispatcher?: unknown;
}

/** A `PixProvider` that speaks the BCB API Pix over HTTP. */
export class HttpPixProvider implements PixProvider {
  readonly #options: HttpPixProviderOptions;

  constructor(options: HttpPixProviderOptions) {
    this.#options = options;
  }

  async #call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const token = await this.#options.accessToken?.();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(`${this.#options.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
        ...(this.#options.dispatcher ? { dispatcher: this.#options.dispatcher } : {}),
      } as RequestInit);
    } catch (error) {
      throw new PixProviderError(0, `PSP unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new PixProviderError(response.status, 'PSP answered something other than JSON');
    }
    return { status: response.status, json };
  }

  #fail(status: number, json: unknown): never {
    // API Pix errors are RFC 7807 problem documents.
    const problem = json as { title?: string; detail?: string } | null;
    throw new PixProviderError(status, problem?.detail ?? problem?.title ?? `PSP answered ${status}`);
  }

  async createCharge(txid: string, request: CobRequest): Promise<Cob> {
    const { status, json } = await this.#call('PUT', `/cob/${encodeURIComponent(txid)}`, request);
    if (status !== 201 && status !== 200) this.#fail(status, json);
    return json as Cob;
  }

  async getCharge(txid: string): Promise<Cob | null> {
    const { status, json } = await this.#call('GET', `/cob/${encodeURIComponent(txid)}`);
    if (status === 404) return null;
    if (status !== 200) this.#fail(status, json);
    return json as Cob;
  }

  async removeCharge(txid: string): Promise<Cob> {
    const { status, json } = await this.#call('PATCH', `/cob/${encodeURIComponent(txid)}`, {
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });
    if (status !== 200) this.#fail(status, json);
    return json as Cob;
  }

  async configureWebhook(chave: string, webhookUrl: string): Promise<void> {
    const { status, json } = await this.#call('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl });
    if (status !== 200 && status !== 201 && status !== 204) this.#fail(status, json);
  }

  async requestDevolucao(
    e2eid: string,
    devolucaoId: string,
    amountCents: number,
    descricao?: string,
  ): Promise<Devolucao> {
    const { status, json } = await this.#call(
      'PUT',
      `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(devolucaoId)}`,
      { valor: centsToValor(amountCents), ...(descricao ? { descricao: descricao.slice(0, 140) } : {}) },
    );
    if (status !== 201 && status !== 200) this.#fail(status, json);
    return json as Devolucao;
  }

  async sendPix(idEnvio: string, chave: string, amountCents: number): Promise<PixEnvio> {
    const { status, json } = await this.#call('PUT', `/gn/pix/${encodeURIComponent(idEnvio)}`, {
      valor: centsToValor(amountCents),
      favorecido: { chave },
    });
    if (status !== 201 && status !== 200) this.#fail(status, json);
    return json as PixEnvio;
  }

  async getSentPix(idEnvio: string): Promise<PixEnvio | null> {
    const { status, json } = await this.#call(
      'GET',
      `/gn/pix/enviados/id-envio/${encodeURIComponent(idEnvio)}`,
    );
    if (status === 404) return null;
    if (status !== 200) this.#fail(status, json);
    return json as PixEnvio;
  }

  async getDevolucao(e2eid: string, devolucaoId: string): Promise<Devolucao | null> {
    const { status, json } = await this.#call(
      'GET',
      `/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(devolucaoId)}`,
    );
    if (status === 404) return null;
    if (status !== 200) this.#fail(status, json);
    return json as Devolucao;
  }
}
