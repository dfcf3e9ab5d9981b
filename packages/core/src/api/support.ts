import type {
  NewSupportRequest,
  SupportAttachment,
  SupportMessage,
  SupportRequest,
} from '../contracts/support.ts';
import { SUPPORT_MESSAGES } from '../messages/support.ts';
import { getJson, postJson } from './client.ts';

export type {
  NewSupportRequest,
  SupportAttachment,
  SupportMessage,
  SupportRequest,
} from '../contracts/support.ts';

/** `GET /support/list`: the customer's requests, most recently updated first. */
export async function fetchSupportRequests(): Promise<SupportRequest[]> {
  const answer = await getJson<{ requests?: SupportRequest[] }>('support/list', {
    fallback: SUPPORT_MESSAGES.loadFailed,
  });
  return answer.requests ?? [];
}

/** `GET /support/{id}`: a request with its thread. */
export function fetchSupportThread(
  id: number,
): Promise<{ request: SupportRequest; messages: SupportMessage[] }> {
  return getJson(`support/${id}`, { fallback: SUPPORT_MESSAGES.loadFailed, preferServerMessage: true });
}

/** `POST /support/create`: answers the new request's id. */
export async function createSupportRequest(input: NewSupportRequest): Promise<number> {
  const answer = await postJson<{ id: number }>('support/create', input, {
    fallback: SUPPORT_MESSAGES.createFailed,
    preferServerMessage: true,
  });
  return answer.id;
}

/** `POST /support/{id}/reply`. */
export async function replyToSupport(
  id: number,
  text: string,
  attachments: SupportAttachment[] = [],
): Promise<void> {
  await postJson(
    `support/${id}/reply`,
    { text, ...(attachments.length ? { attachments } : {}) },
    { fallback: SUPPORT_MESSAGES.replyFailed, preferServerMessage: true },
  );
}
