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

/** Where an organisation's event stands. */
export type OrganisationEventStatus = 'draft' | 'published' | 'cancelled';

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
