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
