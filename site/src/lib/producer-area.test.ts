import { ORGANISATION_MESSAGES } from '@plateia/core/messages/organisations';
import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canManageMember,
  controlsFor,
  fieldOfMessage,
  invitationTokenFrom,
  organisationPath,
  roleLabel,
} from './producer-area.ts';

describe('producer area rules', () => {
  it('gives each role the controls of the table in docs/producers.md', () => {
    expect(controlsFor('owner')).toEqual({
      editOrganisation: true,
      manageTeam: true,
      manageOwners: true,
      door: true,
    });
    expect(controlsFor('manager')).toEqual({
      editOrganisation: false,
      manageTeam: true,
      manageOwners: false,
      door: true,
    });
    expect(controlsFor('box_office')).toEqual({
      editOrganisation: false,
      manageTeam: false,
      manageOwners: false,
      door: false,
    });
    expect(controlsFor('door').door).toBe(true);
    expect(controlsFor('door').manageTeam).toBe(false);
    expect(controlsFor('viewer')).toEqual({
      editOrganisation: false,
      manageTeam: false,
      manageOwners: false,
      door: false,
    });
  });

  it('lets only an owner hand out or touch the owner role', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'manager', 'box_office', 'door', 'viewer']);
    expect(assignableRoles('manager')).toEqual(['manager', 'box_office', 'door', 'viewer']);
    expect(assignableRoles('viewer')).toEqual([]);
    expect(assignableRoles('door')).toEqual([]);
    expect(canManageMember('owner', 'owner')).toBe(true);
    expect(canManageMember('manager', 'owner')).toBe(false);
    expect(canManageMember('manager', 'manager')).toBe(true);
    expect(canManageMember('box_office', 'viewer')).toBe(false);
  });

  it('names the roles in pt-BR', () => {
    expect(roleLabel('owner')).toBe('Proprietário');
    expect(roleLabel('viewer')).toBe('Visualização');
  });

  it("puts the API's field messages under their field and the rest in a toast", () => {
    expect(fieldOfMessage(ORGANISATION_MESSAGES.documentInvalid)).toBe('document');
    expect(fieldOfMessage(ORGANISATION_MESSAGES.phoneRequired)).toBe('contactPhone');
    expect(fieldOfMessage(ORGANISATION_MESSAGES.emailInvalid)).toBe('contactEmail');
    expect(fieldOfMessage(ORGANISATION_MESSAGES.nameRequired)).toBe('name');
    expect(fieldOfMessage(ORGANISATION_MESSAGES.verifiedOnly)).toBeNull();
  });

  it('reads the invitation token from the fragment only when it has a token shape', () => {
    const token = 'abcDEF0123456789_-xyzXYZ';
    expect(invitationTokenFrom(`#${token}`)).toBe(token);
    expect(invitationTokenFrom(token)).toBe(token);
    expect(invitationTokenFrom('')).toBeNull();
    expect(invitationTokenFrom('#curto')).toBeNull();
    expect(invitationTokenFrom(`#${token}<script>`)).toBeNull();
  });

  it('builds the organisation page address', () => {
    expect(organisationPath(42)).toBe('/produtor/organizacoes/42');
  });
});
