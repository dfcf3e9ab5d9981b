import { ORGANISATION_MESSAGES } from '@plateia/core/messages/organisations';
import { PRODUCER_EVENT_MESSAGES } from '@plateia/core/messages/producer-events';
import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canManageMember,
  controlsFor,
  EVENT_FORM_MESSAGES,
  type EventForm,
  editFieldOfMessage,
  eventFieldOfMessage,
  eventStatusLabel,
  fieldOfMessage,
  invitationTokenFrom,
  isoToSaoPauloLocal,
  organisationPath,
  readEventEditForm,
  readEventForm,
  readNewLotForm,
  roleLabel,
  saoPauloToIso,
} from './producer-area.ts';

describe('producer area rules', () => {
  it('gives each role the controls of the table in docs/producers.md', () => {
    expect(controlsFor('owner')).toEqual({
      editOrganisation: true,
      manageTeam: true,
      manageOwners: true,
      door: true,
      editEvents: true,
    });
    expect(controlsFor('manager')).toEqual({
      editOrganisation: false,
      manageTeam: true,
      manageOwners: false,
      door: true,
      editEvents: true,
    });
    expect(controlsFor('box_office')).toEqual({
      editOrganisation: false,
      manageTeam: false,
      manageOwners: false,
      door: false,
      editEvents: false,
    });
    expect(controlsFor('door').door).toBe(true);
    expect(controlsFor('door').manageTeam).toBe(false);
    expect(controlsFor('viewer')).toEqual({
      editOrganisation: false,
      manageTeam: false,
      manageOwners: false,
      door: false,
      editEvents: false,
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
  it('names the statuses of an event in pt-BR', () => {
    expect(eventStatusLabel('draft')).toBe('Rascunho');
    expect(eventStatusLabel('published')).toBe('Publicado');
    expect(eventStatusLabel('cancelled')).toBe('Cancelado');
    expect(eventStatusLabel('changed')).toBe('Alterado');
    expect(eventStatusLabel('past')).toBe('Encerrado');
  });

  it('reads a datetime-local value on Brasília time, with the offset of that date', () => {
    expect(saoPauloToIso('2027-03-10T20:00')).toBe('2027-03-10T23:00:00.000Z');
    expect(saoPauloToIso('2027-12-31T23:30')).toBe('2028-01-01T02:30:00.000Z');
    expect(saoPauloToIso('2027-03-10T20:00:15')).toBe('2027-03-10T23:00:15.000Z');
    // Summer time (UTC-2) until 2019: the offset is the date's, not today's.
    expect(saoPauloToIso('2018-12-01T20:00')).toBe('2018-12-01T22:00:00.000Z');
    // The hour skipped when summer time began (4 November 2018, 00:00 → 01:00) does not exist.
    expect(saoPauloToIso('2018-11-04T00:30')).toBeNull();
    expect(saoPauloToIso('2027-02-30T10:00')).toBeNull();
    expect(saoPauloToIso('')).toBeNull();
    expect(saoPauloToIso('10/03/2027 20:00')).toBeNull();
  });

  const form: EventForm = {
    name: ' Noite de Jazz ',
    venue: 'Teatro Aurora',
    city: 'São Paulo',
    startsAt: '2027-03-10T20:00',
    endsAt: '2027-03-10T23:00',
    description: '',
    meiaPercent: '50',
    lots: [
      { name: 'Pista', price: '50', quantity: '100', perOrderLimit: '4' },
      { name: 'Camarote', price: 'R$ 1.234,56', quantity: '20', perOrderLimit: '' },
    ],
  };

  it('reads the event form into the API body: cents, ISO moments and basis points', () => {
    expect(readEventForm(form)).toEqual({
      ok: true,
      input: {
        name: 'Noite de Jazz',
        venue: 'Teatro Aurora',
        city: 'São Paulo',
        startsAt: '2027-03-10T23:00:00.000Z',
        endsAt: '2027-03-11T02:00:00.000Z',
        lots: [
          { name: 'Pista', priceCents: 5000, quantity: 100, perOrderLimit: 4 },
          { name: 'Camarote', priceCents: 123456, quantity: 20 },
        ],
        meiaPercentBps: 5000,
      },
    });
  });

  it('names each wrong field of the event form in pt-BR', () => {
    const reading = readEventForm({
      ...form,
      name: ' ',
      startsAt: '',
      meiaPercent: '39',
      lots: [{ name: '', price: '1.234', quantity: '0', perOrderLimit: '101' }],
    });
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.errors).toEqual({
      name: PRODUCER_EVENT_MESSAGES.nameRequired,
      startsAt: EVENT_FORM_MESSAGES.startsAtRequired,
      meiaPercent: EVENT_FORM_MESSAGES.meiaRange,
      'lots.0.name': PRODUCER_EVENT_MESSAGES.lotNameRequired,
      'lots.0.price': expect.stringMatching(/\S/),
      'lots.0.quantity': EVENT_FORM_MESSAGES.quantity,
      'lots.0.perOrderLimit': EVENT_FORM_MESSAGES.perOrderLimit,
    });
    const noLots = readEventForm({ ...form, lots: [] });
    expect(noLots.ok || noLots.errors.lots).toBe(PRODUCER_EVENT_MESSAGES.lotsRequired);
  });

  it("puts the API's event messages under their field and the rest in a toast", () => {
    expect(eventFieldOfMessage(PRODUCER_EVENT_MESSAGES.endsAfterStart)).toBe('endsAt');
    expect(eventFieldOfMessage(PRODUCER_EVENT_MESSAGES.startsInFuture)).toBe('startsAt');
    expect(eventFieldOfMessage(PRODUCER_EVENT_MESSAGES.lotWindow)).toBe('lots');
    expect(eventFieldOfMessage(PRODUCER_EVENT_MESSAGES.slugTaken)).toBeNull();
  });

  it('shows an ISO moment as the Brasília datetime-local value, and reads it back', () => {
    expect(isoToSaoPauloLocal('2027-03-10T23:00:00.000Z')).toBe('2027-03-10T20:00');
    expect(saoPauloToIso(isoToSaoPauloLocal('2028-01-01T02:30:00.000Z'))).toBe('2028-01-01T02:30:00.000Z');
    expect(isoToSaoPauloLocal('não')).toBe('');
  });

  it('reads the edit form, with the high-demand times only when the switch is on', () => {
    const form = {
      name: ' Noite ',
      venue: 'Teatro',
      city: 'Recife',
      startsAt: '2027-03-10T20:00',
      endsAt: '2027-03-10T23:00',
      description: '',
      refundPolicy: ' Até 7 dias. ',
      highDemand: false,
      queueOpensAt: '',
      saleStartsAt: '',
    };
    expect(readEventEditForm(form)).toEqual({
      ok: true,
      input: {
        name: 'Noite',
        venue: 'Teatro',
        city: 'Recife',
        startsAt: '2027-03-10T23:00:00.000Z',
        endsAt: '2027-03-11T02:00:00.000Z',
        description: '',
        refundPolicy: 'Até 7 dias.',
        highDemand: null,
      },
    });
    expect(readEventEditForm({ ...form, highDemand: true, queueOpensAt: '2027-03-01T10:00' })).toEqual({
      ok: false,
      errors: { saleStartsAt: 'Informe quando as vendas começam.' },
    });
    const on = readEventEditForm({
      ...form,
      highDemand: true,
      queueOpensAt: '2027-03-01T10:00',
      saleStartsAt: '2027-03-01T12:00',
    });
    expect(on.ok && on.input.highDemand).toEqual({
      queueOpensAt: '2027-03-01T13:00:00.000Z',
      saleStartsAt: '2027-03-01T15:00:00.000Z',
    });
    expect(editFieldOfMessage('As vendas precisam começar depois que a sala de espera abre.')).toBe(
      'saleStartsAt',
    );
    expect(editFieldOfMessage('Outra coisa.')).toBeNull();
  });

  it('reads a new lot: reais, a whole quantity, an optional limit and sales window', () => {
    const lot = {
      name: 'Pista',
      price: '90,00',
      quantity: '50',
      perOrderLimit: '',
      salesStart: '',
      salesEnd: '',
    };
    expect(readNewLotForm(lot)).toEqual({
      ok: true,
      input: { name: 'Pista', priceCents: 9000, quantity: 50 },
    });
    expect(readNewLotForm({ ...lot, salesStart: '2027-03-01T10:00', perOrderLimit: '4' })).toEqual({
      ok: true,
      input: {
        name: 'Pista',
        priceCents: 9000,
        quantity: 50,
        perOrderLimit: 4,
        salesStart: '2027-03-01T13:00:00.000Z',
      },
    });
    const wrong = readNewLotForm({ ...lot, name: ' ', quantity: '0', perOrderLimit: '200' });
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && Object.keys(wrong.errors).sort()).toEqual(['name', 'perOrderLimit', 'quantity']);
  });
});
