/**
 * The producer area's rules in the browser (`/produtor`, docs/producers.md): which controls
 * a role sees, which roles it may hand out, where the API's pt-BR messages go, and the
 * invitation token read from the link's fragment. The API host decides; these only hide
 * what it would refuse.
 */
import {
  ORGANISATION_MESSAGES,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  type OrganisationRole,
} from '@plateia/core/messages/organisations';

/** What a role may do in the producer area (the table in docs/producers.md). */
export interface RoleControls {
  /** Edit the organisation's name, document and contacts. */
  editOrganisation: boolean;
  /** See the team and the open invitations, invite, change and remove members below owner. */
  manageTeam: boolean;
  /** Invite, promote, demote and remove owners. */
  manageOwners: boolean;
  /** Open the door's check-in scanner. */
  door: boolean;
}

/** The controls of `role`. */
export function controlsFor(role: OrganisationRole): RoleControls {
  return {
    editOrganisation: role === 'owner',
    manageTeam: role === 'owner' || role === 'manager',
    manageOwners: role === 'owner',
    door: role === 'owner' || role === 'manager' || role === 'door',
  };
}

/** The roles `actor` may give (in an invitation or a change of role), strongest first. */
export function assignableRoles(actor: OrganisationRole): OrganisationRole[] {
  const controls = controlsFor(actor);
  if (!controls.manageTeam) return [];
  return ORGANISATION_ROLES.filter((role) => role !== 'owner' || controls.manageOwners);
}

/** Whether `actor` may change or remove a member whose role is `target`. */
export function canManageMember(actor: OrganisationRole, target: OrganisationRole): boolean {
  const controls = controlsFor(actor);
  return controls.manageTeam && (target !== 'owner' || controls.manageOwners);
}

/** The pt-BR name of a role ("Proprietário", "Gerente", …). */
export function roleLabel(role: OrganisationRole): string {
  return ORGANISATION_ROLE_LABELS[role];
}

/** A field of the organisation form. */
export type OrganisationField = 'name' | 'document' | 'contactEmail' | 'contactPhone';

const FIELD_OF_MESSAGE: ReadonlyMap<string, OrganisationField> = new Map([
  [ORGANISATION_MESSAGES.nameRequired, 'name'],
  [ORGANISATION_MESSAGES.documentInvalid, 'document'],
  [ORGANISATION_MESSAGES.emailInvalid, 'contactEmail'],
  [ORGANISATION_MESSAGES.phoneRequired, 'contactPhone'],
]);

/**
 * The field an API message is about, so it shows under that field; null for a message
 * about the whole request (shown as a toast).
 */
export function fieldOfMessage(message: string): OrganisationField | null {
  return FIELD_OF_MESSAGE.get(message) ?? null;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The invitation token from the link's fragment (`/produtor/convite#<token>`), or null
 * when the fragment is missing or is not a token's shape.
 */
export function invitationTokenFrom(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return TOKEN_SHAPE.test(token) ? token : null;
}

/** The organisation page's address. */
export function organisationPath(id: number): string {
  return `/produtor/organizacoes/${id}`;
}
