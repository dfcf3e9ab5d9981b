import { afterEach, describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES } from '../messages/organisations.ts';
import { PRODUCER_EVENT_MESSAGES } from '../messages/producer-events.ts';
import { fakeRoutes, json, sent } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import {
  acceptInvitation,
  addEventLot,
  changeMemberRole,
  createDraftEvent,
  createOrganisation,
  duplicateEvent,
  fetchManagedEvent,
  fetchMyOrganisations,
  fetchOrganisationEvents,
  fetchOrigins,
  ORGANISATION_CALL_FAILED,
  publishEvent,
  removeMember,
  revokeInvitation,
  saveEvent,
  saveOrigins,
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

  it("reads and replaces the organisation's sites, showing the API host's refusal", async () => {
    const sites = ['https://www.aurora.example'];
    const calls = fakeRoutes({
      'GET /organisations/7/origins': () => json(200, { origins: sites }),
      'PUT /organisations/7/origins': () => json(200, { origins: sites }),
      'PUT /organisations/8/origins': () =>
        json(400, { error: 'validation', message: ORGANISATION_MESSAGES.originInvalid }),
    });
    expect(await fetchOrigins(7)).toEqual(sites);
    expect(await saveOrigins(7, sites)).toEqual(sites);
    await expect(saveOrigins(8, ['aurora.example'])).rejects.toMatchObject({
      message: ORGANISATION_MESSAGES.originInvalid,
    });
    expect(calls.map(sent).slice(0, 2)).toEqual([
      { method: 'GET', path: '/organisations/7/origins' },
      { method: 'PUT', path: '/organisations/7/origins', body: { origins: sites } },
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

  it("creates a draft, lists the organisation's events and publishes one, with the API's messages", async () => {
    const draft = {
      name: 'Noite de Jazz',
      venue: 'Teatro Aurora',
      city: 'São Paulo',
      startsAt: '2027-03-10T23:00:00.000Z',
      endsAt: '2027-03-11T02:00:00.000Z',
      lots: [{ name: 'Pista', priceCents: 5000, quantity: 100, perOrderLimit: 4 }],
      meiaPercentBps: 5000,
    };
    const listed = {
      id: 31,
      slug: 'noite-de-jazz-x1y2',
      name: 'Noite de Jazz',
      status: 'draft',
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      ticketsSold: 0,
    };
    const calls = fakeRoutes({
      'POST /organisations/7/events': () =>
        json(200, { success: true, message: PRODUCER_EVENT_MESSAGES.created, id: 31, slug: listed.slug }),
      'GET /organisations/7/events': () => json(200, { events: [listed] }),
      'POST /events/31/publish': () =>
        json(200, { success: true, message: PRODUCER_EVENT_MESSAGES.published }),
    });
    expect(await createDraftEvent(7, draft)).toEqual({
      message: PRODUCER_EVENT_MESSAGES.created,
      id: 31,
      slug: listed.slug,
    });
    expect(await fetchOrganisationEvents(7)).toEqual([listed]);
    expect(await publishEvent(31)).toEqual({ message: PRODUCER_EVENT_MESSAGES.published });
    expect(calls.map(sent)).toEqual([
      { method: 'POST', path: '/organisations/7/events', body: draft },
      { method: 'GET', path: '/organisations/7/events' },
      { method: 'POST', path: '/events/31/publish', body: {} },
    ]);

    fakeRoutes({
      'POST /events/31/publish': () =>
        json(409, { error: 'conflict', message: PRODUCER_EVENT_MESSAGES.notDraft }),
      'POST /organisations/7/events': () =>
        json(400, { error: 'bad_request', message: PRODUCER_EVENT_MESSAGES.endsAfterStart }),
    });
    await expect(publishEvent(31)).rejects.toThrow(PRODUCER_EVENT_MESSAGES.notDraft);
    await expect(createDraftEvent(7, draft)).rejects.toThrow(PRODUCER_EVENT_MESSAGES.endsAfterStart);
  });

  it('reads and edits an event, adds a lot and duplicates it, with the API answers', async () => {
    const lot = {
      id: 5,
      name: 'Pista',
      lotNumber: 2,
      priceCents: 9000,
      quantity: 50,
      taken: 0,
      perOrderLimit: 4,
      salesStart: null,
      salesEnd: null,
      numbered: false,
    };
    const event = {
      id: 31,
      organisationId: 7,
      slug: 'noite-de-jazz',
      name: 'Noite de Jazz',
      description: '',
      venue: 'Teatro Aurora',
      city: 'São Paulo',
      startsAt: '2027-03-10T23:00:00.000Z',
      endsAt: '2027-03-11T02:00:00.000Z',
      status: 'changed',
      refundPolicy: 'Reembolso até 48 horas antes.',
      highDemand: null,
      lots: [lot],
    };
    const edit = {
      name: event.name,
      venue: 'Casa Aurora',
      city: event.city,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      refundPolicy: event.refundPolicy,
      highDemand: null,
    };
    const calls = fakeRoutes({
      'GET /events/31/manage': () => json(200, event),
      'PUT /events/31/manage': () =>
        json(200, { success: true, message: PRODUCER_EVENT_MESSAGES.savedChanged, changed: true, event }),
      'POST /events/31/lots': () =>
        json(200, { success: true, message: PRODUCER_EVENT_MESSAGES.lotAdded, lot }),
      'POST /events/31/duplicate': () =>
        json(200, { success: true, message: PRODUCER_EVENT_MESSAGES.duplicated, id: 32, slug: 'copia' }),
    });
    expect(await fetchManagedEvent(31)).toEqual(event);
    expect(await saveEvent(31, edit)).toEqual({
      message: PRODUCER_EVENT_MESSAGES.savedChanged,
      changed: true,
      event,
    });
    const newLot = { name: 'Pista', priceCents: 9000, quantity: 50, perOrderLimit: 4 };
    expect(await addEventLot(31, newLot)).toEqual({ message: PRODUCER_EVENT_MESSAGES.lotAdded, lot });
    expect(await duplicateEvent(31)).toEqual({
      message: PRODUCER_EVENT_MESSAGES.duplicated,
      id: 32,
      slug: 'copia',
    });
    expect(calls.map(sent)).toEqual([
      { method: 'GET', path: '/events/31/manage' },
      { method: 'PUT', path: '/events/31/manage', body: edit },
      { method: 'POST', path: '/events/31/lots', body: newLot },
      { method: 'POST', path: '/events/31/duplicate', body: {} },
    ]);
    fakeRoutes({
      'PUT /events/31/manage': () =>
        json(409, { error: 'queue_started', message: PRODUCER_EVENT_MESSAGES.queueStarted }),
    });
    await expect(saveEvent(31, edit)).rejects.toThrow(PRODUCER_EVENT_MESSAGES.queueStarted);
  });
});
