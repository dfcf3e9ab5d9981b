import { afterEach, describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES } from '../messages/organisations.ts';
import { fakeRoutes, json, sent } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import {
  acceptInvitation,
  changeMemberRole,
  createOrganisation,
  fetchMyOrganisations,
  ORGANISATION_CALL_FAILED,
  removeMember,
  revokeInvitation,
  updateOrganisation,
} from './organisations.ts';

const input = {
  name: 'Aurora',
  document: '529.982.247-25',
  contactEmail: 'a@b.com',
  contactPhone: '11988887777',
};
const organisation = { id: 7, ...input, document: '52998224725', role: 'owner' };

describe('organisation calls', () => {
  afterEach(() => configureApi({}));

  it('uses each route with its method and body', async () => {
    const calls = fakeRoutes({
      'GET /organisations': () => json(200, { organisations: [organisation] }),
      'POST /organisations': () => json(200, organisation),
      'PUT /organisations/7': () => json(200, organisation),
      'PUT /organisations/7/members/9': () => json(200, { success: true }),
      'DELETE /organisations/7/members/9': () => json(200, { success: true }),
      'DELETE /organisations/7/invitations/3': () => json(200, { success: true }),
    });
    expect(await fetchMyOrganisations()).toEqual([organisation]);
    expect(await createOrganisation(input)).toEqual(organisation);
    await updateOrganisation(7, input);
    await changeMemberRole(7, 9, 'door');
    await removeMember(7, 9);
    await revokeInvitation(7, 3);
    expect(calls.map(sent)).toEqual([
      { method: 'GET', path: '/organisations' },
      { method: 'POST', path: '/organisations', body: input },
      { method: 'PUT', path: '/organisations/7', body: input },
      { method: 'PUT', path: '/organisations/7/members/9', body: { role: 'door' } },
      { method: 'DELETE', path: '/organisations/7/members/9' },
      { method: 'DELETE', path: '/organisations/7/invitations/3' },
    ]);
  });

  it("fails with the API's pt-BR message, or a generic one without an answer", async () => {
    fakeRoutes({
      'POST /organisation-invitations/accept': () =>
        json(403, { error: 'forbidden', message: ORGANISATION_MESSAGES.invitationOtherEmail }),
    });
    await expect(acceptInvitation('t'.repeat(43))).rejects.toThrow(
      ORGANISATION_MESSAGES.invitationOtherEmail,
    );
    fakeRoutes({ 'POST /organisations': () => Promise.reject(new TypeError('offline')) });
    await expect(createOrganisation(input)).rejects.toThrow(ORGANISATION_CALL_FAILED);
  });
});
