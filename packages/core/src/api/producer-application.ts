import {
  PRODUCER_APPLICATION_MESSAGES,
  type ProducerAudienceSize,
} from '../messages/producer-application.ts';
import { postJson } from './client.ts';

/** The "Seja produtor" form's fields. */
export interface ProducerApplication {
  name: string;
  email: string;
  phone: string;
  company?: string;
  city?: string;
  audience: ProducerAudienceSize;
  event: string;
}

/** `POST /producer-applications`: answers the confirmation to show. */
export async function sendProducerApplication(application: ProducerApplication): Promise<string> {
  const answer = await postJson<{ message?: string }>('producer-applications', application, {
    fallback: PRODUCER_APPLICATION_MESSAGES.failed,
    preferServerMessage: true,
  });
  return answer.message ?? PRODUCER_APPLICATION_MESSAGES.sent;
}
