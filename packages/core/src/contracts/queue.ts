/**
 * Wire shapes of the virtual queue (docs/virtual-queue.md): a high-demand event's waiting
 * room, a buyer's place in it, the admission pass and the public verification of the shuffle.
 */

/** The header that carries an admission pass on hold, reservation and payment calls. */
export const QUEUE_PASS_HEADER = 'X-Queue-Pass';

/** `GET /queue/{eventId}`: the waiting room as anyone sees it. */
export interface QueueState {
  eventId: number;
  eventName: string;
  /** When the waiting room opens and when the sale (and the shuffle of the pre-queue) starts (ISO). */
  opensAt: string;
  saleStartsAt: string;
  /** `open` from opensAt, `selling` once the pre-queue is ordered. */
  phase: 'scheduled' | 'open' | 'selling';
  /** sha256(seed), hex: published before the sale starts. */
  commitment: string;
  /** The seed (hex), revealed once the pre-queue has its places; null before. */
  seed: string | null;
  preQueueSize: number;
  /** Every place up to this one has been let in. */
  admittedThrough: number;
  /** People still waiting. */
  waiting: number;
  checkoutCapacity: number;
}

/** `GET /queue/{eventId}/me` and `POST /queue/{eventId}/join`: one buyer's entry. */
export interface QueueEntryView {
  eventId: number;
  /** `none`: not in the queue; `waiting`; `admitted` with a live pass; `expired`: the pass ran out. */
  status: 'none' | 'waiting' | 'admitted' | 'expired';
  /** The pseudonymous id shown on the verification page. */
  publicId: string | null;
  preQueue: boolean;
  /** Null while the pre-queue is not shuffled yet. */
  place: number | null;
  /** People ahead (null before the shuffle). */
  ahead: number | null;
  /** Estimated wait in seconds (null when unknown). */
  estimatedWaitSeconds: number | null;
  /** The admission pass (EdDSA JWT) and its expiry, while admitted. */
  pass: string | null;
  passExpiresAt: string | null;
}

/** `GET /queue/{eventId}/verification`: what anyone needs to recompute the shuffle. */
export interface QueueVerification {
  eventId: number;
  commitment: string;
  /** Null until the pre-queue is ordered. */
  seed: string | null;
  /** The pre-queue's public ids in the order the host gave them places (1, 2, 3…). */
  order: string[];
}
