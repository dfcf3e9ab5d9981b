/**
 * Support requests (docs/social.md, "Suporte"): the customer's list ("Meus suportes"), one
 * request's thread, opening a request and replying. Reads are `@nanostores/query` fetcher
 * stores keyed by the account (`stores/fetcher.ts`); opening or replying asks them again.
 */
import { atom, task } from 'nanostores';
import {
  fetchSupportRequests,
  fetchSupportThread,
  replyToSupport as sendSupportReply,
  createSupportRequest as sendSupportRequest,
} from '../api/support.ts';
import type { NewSupportRequest, SupportMessage, SupportRequest } from '../contracts/support.ts';
import { SUPPORT_MESSAGES } from '../messages/support.ts';
import { $accountKey, createFetcherStore, keysStartingWith, revalidateKeys } from './fetcher.ts';
import { showToast } from './toasts.ts';

export type {
  NewSupportRequest,
  SupportAttachment,
  SupportMessage,
  SupportRequest,
} from '../contracts/support.ts';

const SUPPORT_KEY = 'support/';

const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The customer's requests, most recently updated first. */
export const $supportRequests = createFetcherStore<SupportRequest[]>([`${SUPPORT_KEY}list/`, $accountKey], {
  fetcher: () => fetchSupportRequests(),
});

/** The request whose thread the page shows (`/support/{id}`), set by {@link openSupportThread}. */
export const $supportThreadId = atom<number | null>(null);

/** A request with its thread. */
export interface SupportThread {
  request: SupportRequest;
  messages: SupportMessage[];
}

/** The thread of {@link $supportThreadId}. */
export const $supportThread = createFetcherStore<SupportThread>(
  [`${SUPPORT_KEY}thread/`, $accountKey, '/', $supportThreadId],
  { fetcher: (...parts) => fetchSupportThread(Number(parts[3])) },
);

/** Shows the thread of request `id`. */
export function openSupportThread(id: number): void {
  $supportThreadId.set(id);
}

/** Asks the list and the threads again (after a write, or "Tentar novamente"). */
export function revalidateSupport(): void {
  revalidateKeys(keysStartingWith(SUPPORT_KEY));
}

/** The outcome of a support write: `message` is the pt-BR reason it was refused (also toasted). */
export type SupportWriteResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Opens a support request (`POST /support/create`) and answers its id. */
export function createSupportRequest(input: NewSupportRequest): Promise<SupportWriteResult<number>> {
  return task(async () => {
    try {
      const id = await sendSupportRequest(input);
      showToast({ kind: 'success', message: SUPPORT_MESSAGES.created });
      revalidateSupport();
      return { ok: true, value: id };
    } catch (error) {
      const message = messageOf(error, SUPPORT_MESSAGES.createFailed);
      showToast({ kind: 'error', message });
      return { ok: false, message };
    }
  });
}

/** Replies on request `id` (`POST /support/{id}/reply`); the thread is read again. */
export function replyToSupport(id: number, text: string): Promise<SupportWriteResult<void>> {
  return task(async () => {
    try {
      await sendSupportReply(id, text);
      showToast({ kind: 'success', message: SUPPORT_MESSAGES.replied });
      revalidateSupport();
      return { ok: true, value: undefined };
    } catch (error) {
      const message = messageOf(error, SUPPORT_MESSAGES.replyFailed);
      showToast({ kind: 'error', message });
      return { ok: false, message };
    }
  });
}
