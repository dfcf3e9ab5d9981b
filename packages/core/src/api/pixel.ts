/**
 * The event pixel (docs/core-buying.md `POST /pixel/add`): page-view hits an event's producer counts.
 * Public, through the fetch-only path of `api/public-read.ts`, since the cart bar, a light
 * element without the ky client, sends it.
 */
import type { EntityId } from '../contracts/ids.ts';
import { publicRequest, wireId } from './public-read.ts';

/**
 * `POST /pixel/add`: a page-view hit for the event's pixel; `tipo` is 3. Sent with
 * `keepalive`, since the cart bar navigates to checkout right after it.
 */
export async function addPixel(hit: { hash: string; ismobile: boolean; evtid: EntityId }): Promise<void> {
  await publicRequest(
    'pixel/add',
    { fallback: '' },
    {
      json: { hash: hit.hash, ismobile: hit.ismobile ? 1 : 0, evtid: wireId(hit.evtid), tipo: 3 },
      keepalive: true,
    },
  );
}
