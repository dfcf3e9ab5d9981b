/**
 * The virtual queue's reads made while rendering a page on the server (the waiting room, the
 * event page's notice), through core's client pointed at the API host like the catalogue's.
 */
import { fetchQueueState } from '@plateia/core/api/queue';
import type { QueueState } from '@plateia/core/contracts/queue';
import { pointAtApiHost, type ServerRead, serverReadFailure } from './catalogue-server.ts';

/** The waiting room's state; `notFound` when the event has no queue. */
export async function readQueueState(eventId: number): Promise<ServerRead<QueueState>> {
  pointAtApiHost();
  try {
    return { ok: true, data: await fetchQueueState(eventId) };
  } catch (error) {
    return serverReadFailure(error);
  }
}
