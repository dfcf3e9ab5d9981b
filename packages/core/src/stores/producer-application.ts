/**
 * "Seja produtor" (docs/social.md): the form a would-be producer sends to the team. One
 * write, no state to keep: the action answers what the page shows.
 */
import { task } from 'nanostores';
import { type ProducerApplication, sendProducerApplication as send } from '../api/producer-application.ts';
import { PRODUCER_APPLICATION_MESSAGES } from '../messages/producer-application.ts';

export type { ProducerApplication } from '../api/producer-application.ts';

/** Sends the application: `ok` with the confirmation to show, or the pt-BR reason it failed. */
export function sendProducerApplication(
  application: ProducerApplication,
): Promise<{ ok: boolean; message: string }> {
  return task(async () => {
    try {
      return { ok: true, message: await send(application) };
    } catch (error) {
      return {
        ok: false,
        message:
          error instanceof Error && error.message ? error.message : PRODUCER_APPLICATION_MESSAGES.failed,
      };
    }
  });
}
