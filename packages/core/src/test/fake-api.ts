/**
 * A stand-in for the API host, plugged in through `configureApi({ fetch })`, so tests of
 * core and of the widgets run without a network, choose each answer and read back what
 * was sent. Test support only: nothing outside `*.test.ts(x)` imports it.
 */
import { configureApi, type Fetcher } from '../api/client.ts';

/** A JSON answer as the API host sends it. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One request as the API host received it. */
export interface ApiCall {
  method: string;
  url: URL;
  /** The path as sent (still percent-encoded), without the query. */
  path: string;
  /** The Authorization header, or null. */
  auth: string | null;
  /** The parsed JSON body, or undefined when there is none. */
  body: unknown;
}

export type ApiAnswer = (call: ApiCall) => Response | Promise<Response>;

/** The host's answer to a path it does not know. */
export const notFound = (): Response => json(404, { error: 'not_found', message: 'Não encontrado' });

/**
 * Installs the stand-in at https://api.test, answering each request with `answer`.
 * Returns the calls, in the order they arrive. Undo with `configureApi({})`.
 */
export function fakeApi(answer: ApiAnswer): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetcher: Fetcher = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: ApiCall = {
      method: request.method,
      url,
      path: url.pathname,
      auth: request.headers.get('Authorization'),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    return answer(call);
  };
  configureApi({ baseUrl: 'https://api.test', fetch: fetcher });
  return calls;
}

/**
 * Installs the stand-in answering by "METHOD /path"; any other request is not found.
 * Looks the route up on each call, so a test may change `routes` after installing.
 */
export function fakeRoutes(routes: Record<string, ApiAnswer>): ApiCall[] {
  return fakeApi((call) => routes[`${call.method} ${call.path}`]?.(call) ?? notFound());
}

/** Projects calls onto method, path and body, for comparing with exact expectations. */
export const sent = ({ method, path, body }: ApiCall) => ({ method, path, body });
