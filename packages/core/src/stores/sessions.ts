/**
 * The account's sessions (docs/accounts.md, "Sessões ativas"): the live logins listed on the
 * profile, ending one or all of them, and the short-lived token a producer's page receives
 * from the storefront's login popup (docs/security.md, "Contas em páginas de produtores").
 * The list is a `@nanostores/query` fetcher store keyed by the account (`stores/fetcher.ts`).
 */
import { task } from 'nanostores';
import {
  type EmbedGrant,
  fetchMySessions,
  grantEmbedToken as requestEmbedToken,
  revokeAllMySessions,
  revokeMySession,
} from '../api/sessions.ts';
import type { SessionSummary } from '../contracts/sessions.ts';
import { SESSION_LIST_MESSAGES } from '../messages/sessions.ts';
import { $accountKey, createFetcherStore, createMutatorStore } from './fetcher.ts';
import { logout } from './session.ts';
import { showToast } from './toasts.ts';

export type { EmbedGrant, EmbedUser } from '../api/sessions.ts';
export type { SessionSummary } from '../contracts/sessions.ts';

const SESSIONS_KEY = 'customer/sessions/';

const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The account's live sessions, most recently used first. */
export const $sessions = createFetcherStore<SessionSummary[]>([SESSIONS_KEY, $accountKey], {
  fetcher: () => fetchMySessions(),
});

/**
 * "Encerrar" (`mutate(session)`): ends one session. Ending this device's own session logs
 * out here too; any other is taken off the list.
 */
export const $sessionRevoke = createMutatorStore<SessionSummary, void>(
  async ({ data: session, revalidate }) => {
    await revokeMySession(session.id);
    showToast({ kind: 'success', message: SESSION_LIST_MESSAGES.revoked });
    if (session.current) {
      await logout();
      return;
    }
    revalidate((key) => key.startsWith(SESSIONS_KEY));
  },
  {
    throttleCalls: true,
    onError: (error) =>
      showToast({ kind: 'error', message: messageOf(error, SESSION_LIST_MESSAGES.revokeFailed) }),
  },
);

/** "Sair de todos os dispositivos": ends every session, this one included, then logs out here. */
export const $sessionRevokeAll = createMutatorStore<void, number>(
  async () => {
    const revoked = await revokeAllMySessions();
    await logout();
    showToast({ kind: 'success', message: SESSION_LIST_MESSAGES.revokeAllDone });
    return revoked;
  },
  {
    throttleCalls: true,
    onError: (error) =>
      showToast({ kind: 'error', message: messageOf(error, SESSION_LIST_MESSAGES.revokeFailed) }),
  },
);

/**
 * Asks the API host, with the full session, for a token bound to the producer's page at
 * `origin` and scoped to buying (`POST /auth/embed-token`). Rejects with the pt-BR reason.
 */
export function grantEmbedToken(origin: string): Promise<EmbedGrant> {
  return task(() => requestEmbedToken(origin));
}
