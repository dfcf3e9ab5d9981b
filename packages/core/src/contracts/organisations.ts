/**
 * Producers' organisations, teams and events as the API host sends and takes them
 * (`/organisations/…`, `/organisation-invitations/…`, `/events/{id}/publish`,
 * docs/producers.md). The API host's domain and the producer area's calls both use these.
 */
import type { OrganisationRole } from '../messages/organisations.ts';

export type { OrganisationRole } from '../messages/organisations.ts';

/** An organisation with the asking member's role. */
export interface Organisation {
  id: number;
  name: string;
  /** Normalised CPF or CNPJ; null for an organisation made before documents were asked. */
  document: string | null;
  contactEmail: string;
  contactPhone: string;
  role: OrganisationRole;
}

/** What `POST /organisations` and `PUT /organisations/:id` take. */
export interface OrganisationInput {
  name: string;
  /** CPF or CNPJ (alphanumeric included), with or without punctuation. */
  document: string;
  contactEmail: string;
  contactPhone: string;
}

/** A member of a team. */
export interface OrganisationMember {
  customerId: number;
  name: string;
  email: string;
  role: OrganisationRole;
  addedAt: string;
}

/** An open invitation. */
export interface OrganisationInvitation {
  id: number;
  email: string;
  role: OrganisationRole;
  expiresAt: string;
}

/** What an invitation link offers. */
export interface InvitationPreview {
  organisationId: number;
  organisationName: string;
  role: OrganisationRole;
  email: string;
  expiresAt: string;
}

/**
 * Where an organisation's event stands: a draft, on sale, on sale after its date or venue
 * changed, cancelled, or over (its end has passed).
 */
export type OrganisationEventStatus = 'draft' | 'published' | 'changed' | 'cancelled' | 'past';

/** One event of an organisation, as its members list it. */
export interface OrganisationEvent {
  id: number;
  slug: string;
  name: string;
  status: OrganisationEventStatus;
  startsAt: string;
  endsAt: string;
  ticketsSold: number;
}

/** A general-admission lot of a new event; money in cents, moments as ISO date-times. */
export interface DraftLotInput {
  name: string;
  priceCents: number;
  quantity: number;
  perOrderLimit?: number | undefined;
  salesStart?: string | undefined;
  salesEnd?: string | undefined;
}

/** What `POST /organisations/:id/events` takes. */
export interface DraftEventInput {
  name: string;
  slug?: string | undefined;
  description?: string | undefined;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  lots: DraftLotInput[];
  /** The meia-entrada share in basis points (4000 = 40%, the legal minimum). */
  meiaPercentBps?: number | undefined;
}

/** A lot of an event as its producer manages it. */
export interface ManagedLot {
  id: number;
  /** The ticket type: lots with the same name sell one after the other. */
  name: string;
  /** Its place in the ticket type's sequence (1st lot, 2nd lot, …). */
  lotNumber: number;
  priceCents: number;
  quantity: number;
  /** Units sold or held by a reservation. */
  taken: number;
  perOrderLimit: number;
  salesStart: string | null;
  salesEnd: string | null;
  /** A lot of a seated section (priced by section, not turning). */
  numbered: boolean;
}

/** `GET /events/:eventId/manage`: an event with everything its producer edits. */
export interface ManagedEvent {
  id: number;
  organisationId: number;
  slug: string;
  name: string;
  description: string;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  status: OrganisationEventStatus;
  /** The producer's refund policy, shown to buyers on the event's page. */
  refundPolicy: string;
  /** The waiting room: null when the event is not high demand. */
  highDemand: { queueOpensAt: string; saleStartsAt: string } | null;
  lots: ManagedLot[];
}

/** `PUT /events/:eventId/manage`: what an owner or manager edits. */
export interface EventEditInput {
  name: string;
  description?: string | undefined;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  refundPolicy?: string | undefined;
  /** The high-demand switch: the waiting room's opening and the sale's start; null turns it off. */
  highDemand?: { queueOpensAt: string; saleStartsAt: string } | null | undefined;
}
