import type {
  DraftEventInput,
  DraftLotInput,
  EventEditInput,
  InvitationPreview,
  ManagedEvent,
  ManagedLot,
  Organisation,
  OrganisationEvent,
  OrganisationInput,
  OrganisationInvitation,
  OrganisationMember,
} from '../contracts/organisations.ts';
import { ORGANISATION_MESSAGES, type OrganisationRole } from '../messages/organisations.ts';
import { PRODUCER_EVENT_MESSAGES } from '../messages/producer-events.ts';
import { apiClient, callApi, getJson, postJson, type StatusMessages } from './client.ts';

export type {
  DraftEventInput,
  DraftLotInput,
  EventEditInput,
  InvitationPreview,
  ManagedEvent,
  ManagedLot,
  Organisation,
  OrganisationEvent,
  OrganisationEventStatus,
  OrganisationInput,
  OrganisationInvitation,
  OrganisationMember,
} from '../contracts/organisations.ts';

/**
 * The producer area's calls on organisations and their teams (docs/producers.md). Every
 * failure shows the API host's pt-BR message (they name the field or the rule that refused).
 */

/** Generic text for a failure that carried no message (no answer, a timeout). */
export const ORGANISATION_CALL_FAILED = 'Não foi possível concluir a ação. Tente novamente.';

const messages: StatusMessages = { fallback: ORGANISATION_CALL_FAILED, preferServerMessage: true };

/** `GET /organisations`: the signed-in account's organisations. */
export async function fetchMyOrganisations(): Promise<Organisation[]> {
  const answer = await getJson<{ organisations?: Organisation[] }>('organisations', messages);
  return answer.organisations ?? [];
}

/** `GET /organisations/:id` (members only; 404 otherwise). */
export function fetchOrganisation(id: number): Promise<Organisation> {
  return getJson(`organisations/${id}`, { ...messages, 404: ORGANISATION_MESSAGES.notFound });
}

/** `POST /organisations`: the new organisation, the caller its owner. */
export function createOrganisation(input: OrganisationInput): Promise<Organisation> {
  return postJson('organisations', input, messages);
}

/** `PUT /organisations/:id` (owners). */
export function updateOrganisation(id: number, input: OrganisationInput): Promise<Organisation> {
  return callApi(
    () => apiClient().put(`organisations/${id}`, { json: input }).json<Organisation>(),
    messages,
  );
}

/** `GET /organisations/:id/members` (owners and managers). */
export async function fetchMembers(id: number): Promise<OrganisationMember[]> {
  const answer = await getJson<{ members?: OrganisationMember[] }>(`organisations/${id}/members`, messages);
  return answer.members ?? [];
}

/** `PUT /organisations/:id/members/:customerId`: changes a member's role. */
export async function changeMemberRole(
  id: number,
  customerId: number,
  role: OrganisationRole,
): Promise<void> {
  await callApi(
    () => apiClient().put(`organisations/${id}/members/${customerId}`, { json: { role } }).json(),
    messages,
  );
}

/** `DELETE /organisations/:id/members/:customerId`: removes a member, or leaves. */
export async function removeMember(id: number, customerId: number): Promise<void> {
  await callApi(() => apiClient().delete(`organisations/${id}/members/${customerId}`).json(), messages);
}

/** `GET /organisations/:id/invitations` (owners and managers). */
export async function fetchInvitations(id: number): Promise<OrganisationInvitation[]> {
  const answer = await getJson<{ invitations?: OrganisationInvitation[] }>(
    `organisations/${id}/invitations`,
    messages,
  );
  return answer.invitations ?? [];
}

/** `POST /organisations/:id/invitations`: answers the confirmation to show and the invitation. */
export async function inviteMember(
  id: number,
  email: string,
  role: OrganisationRole,
): Promise<{ message: string; invitation: OrganisationInvitation }> {
  const answer = await postJson<{ message?: string; invitation: OrganisationInvitation }>(
    `organisations/${id}/invitations`,
    { email, role },
    messages,
  );
  return { message: answer.message ?? ORGANISATION_MESSAGES.invited, invitation: answer.invitation };
}

/** `DELETE /organisations/:id/invitations/:invitationId`: withdraws an invitation. */
export async function revokeInvitation(id: number, invitationId: number): Promise<void> {
  await callApi(() => apiClient().delete(`organisations/${id}/invitations/${invitationId}`).json(), messages);
}

/** `POST /organisation-invitations/preview`: what the link's token offers. */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return postJson('organisation-invitations/preview', { token }, messages);
}

/** `POST /organisation-invitations/accept`: joins the organisation with the invited role. */
export async function acceptInvitation(
  token: string,
): Promise<{ message: string; organisationId: number; role: OrganisationRole }> {
  const answer = await postJson<{ message?: string; organisationId: number; role: OrganisationRole }>(
    'organisation-invitations/accept',
    { token },
    messages,
  );
  return {
    message: answer.message ?? ORGANISATION_MESSAGES.accepted,
    organisationId: answer.organisationId,
    role: answer.role,
  };
}

/** `GET /organisations/:id/events` (any member): drafts, published and cancelled events. */
export async function fetchOrganisationEvents(id: number): Promise<OrganisationEvent[]> {
  const answer = await getJson<{ events?: OrganisationEvent[] }>(`organisations/${id}/events`, messages);
  return answer.events ?? [];
}

/** `POST /organisations/:id/events` (owners and managers): a draft with its lots. */
export async function createDraftEvent(
  id: number,
  input: DraftEventInput,
): Promise<{ message: string; id: number; slug: string }> {
  const answer = await postJson<{ message?: string; id: number; slug: string }>(
    `organisations/${id}/events`,
    input,
    messages,
  );
  return { message: answer.message ?? PRODUCER_EVENT_MESSAGES.created, id: answer.id, slug: answer.slug };
}

/** `POST /events/:eventId/publish` (owners and managers): the draft goes on sale. */
export async function publishEvent(eventId: number): Promise<{ message: string }> {
  const answer = await postJson<{ message?: string }>(`events/${eventId}/publish`, {}, messages);
  return { message: answer.message ?? PRODUCER_EVENT_MESSAGES.published };
}

/** `GET /events/:eventId/manage` (owners and managers): the event with everything they edit. */
export function fetchManagedEvent(eventId: number): Promise<ManagedEvent> {
  return getJson(`events/${eventId}/manage`, { ...messages, 404: PRODUCER_EVENT_MESSAGES.eventNotFound });
}

/**
 * `PUT /events/:eventId/manage`: saves the details, refund policy and high-demand switch;
 * `changed` says a new date or venue marked a published event changed.
 */
export async function saveEvent(
  eventId: number,
  input: EventEditInput,
): Promise<{ message: string; changed: boolean; event: ManagedEvent }> {
  const answer = await callApi(
    () =>
      apiClient()
        .put(`events/${eventId}/manage`, { json: input })
        .json<{ message?: string; changed: boolean; event: ManagedEvent }>(),
    messages,
  );
  return {
    message: answer.message ?? PRODUCER_EVENT_MESSAGES.saved,
    changed: answer.changed,
    event: answer.event,
  };
}

/** `POST /events/:eventId/lots`: a lot after the others (a lot named like a type is its next lot). */
export async function addEventLot(
  eventId: number,
  lot: DraftLotInput,
): Promise<{ message: string; lot: ManagedLot }> {
  const answer = await postJson<{ message?: string; lot: ManagedLot }>(
    `events/${eventId}/lots`,
    lot,
    messages,
  );
  return { message: answer.message ?? PRODUCER_EVENT_MESSAGES.lotAdded, lot: answer.lot };
}

/** `POST /events/:eventId/duplicate`: a copy of the event as a new draft. */
export async function duplicateEvent(
  eventId: number,
): Promise<{ message: string; id: number; slug: string }> {
  const answer = await postJson<{ message?: string; id: number; slug: string }>(
    `events/${eventId}/duplicate`,
    {},
    messages,
  );
  return { message: answer.message ?? PRODUCER_EVENT_MESSAGES.duplicated, id: answer.id, slug: answer.slug };
}

/** `GET /organisations/:id/origins` (any member): the sites the organisation embeds on. */
export async function fetchOrigins(id: number): Promise<string[]> {
  const answer = await getJson<{ origins?: string[] }>(`organisations/${id}/origins`, messages);
  return answer.origins ?? [];
}

/** `PUT /organisations/:id/origins` (owners): replaces the list; answers it as saved. */
export async function saveOrigins(id: number, origins: string[]): Promise<string[]> {
  const answer = await callApi(
    () =>
      apiClient().put(`organisations/${id}/origins`, { json: { origins } }).json<{ origins?: string[] }>(),
    messages,
  );
  return answer.origins ?? [];
}
