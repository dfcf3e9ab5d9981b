import type { RevokeAllAnswer, SessionListAnswer, SessionSummary } from '../contracts/sessions.ts';
import { SESSION_LIST_MESSAGES } from '../messages/sessions.ts';
import { apiClient, callApi } from './client.ts';

export type { SessionSummary } from '../contracts/sessions.ts';

/** `GET /customer/sessions`: the logged-in customer's live sessions, most recently used first. */
export function fetchMySessions(): Promise<SessionSummary[]> {
  return callApi(
    async () => {
      const answer = await apiClient().get('customer/sessions').json<SessionListAnswer>();
      if (!Array.isArray(answer?.data)) throw new TypeError('Unexpected answer from the API host');
      return answer.data;
    },
    { fallback: SESSION_LIST_MESSAGES.loadFailed },
  );
}

/** `POST /customer/sessions/{id}/revoke`: ends one of the customer's sessions. */
export async function revokeMySession(id: number): Promise<void> {
  await callApi(() => apiClient().post(`customer/sessions/${encodeURIComponent(String(id))}/revoke`), {
    fallback: SESSION_LIST_MESSAGES.revokeFailed,
    preferServerMessage: true,
  });
}

/** `POST /customer/sessions/revoke-all`: ends every session, this one included. Resolves with how many. */
export function revokeAllMySessions(): Promise<number> {
  return callApi(
    async () => {
      const answer = await apiClient().post('customer/sessions/revoke-all').json<RevokeAllAnswer>();
      return answer.revoked;
    },
    { fallback: SESSION_LIST_MESSAGES.revokeFailed },
  );
}

/** The only customer data a producer's page receives: no e-mail, document, phone or address. */
export interface EmbedUser {
  id: number;
  firstName: string;
}

/** A token for a producer's page (docs/security.md "Contas em páginas de produtores"). */
export interface EmbedGrant {
  token: string;
  expiresAt: string;
  user: EmbedUser;
}

/**
 * `POST /auth/embed-token`: from the storefront's login popup, with the full session, asks a
 * short-lived token for the producer's page at `origin`, scoped to buying and bound to it.
 */
export function grantEmbedToken(origin: string): Promise<EmbedGrant> {
  return callApi(
    async () => {
      const answer = await apiClient().post('auth/embed-token', { json: { origin } }).json<EmbedGrant>();
      if (typeof answer?.token !== 'string' || typeof answer.user?.id !== 'number')
        throw new TypeError('Unexpected answer from the API host');
      return {
        token: answer.token,
        expiresAt: answer.expiresAt,
        user: { id: answer.user.id, firstName: String(answer.user.firstName ?? '') },
      };
    },
    {
      fallback: 'Não foi possível conectar sua conta a este site. Tente novamente.',
      preferServerMessage: true,
    },
  );
}
