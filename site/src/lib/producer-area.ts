/**
 * The producer area's rules in the browser (`/produtor`, docs/producers.md): which controls
 * a role sees, which roles it may hand out, where the API's pt-BR messages go, and the
 * invitation token read from the link's fragment. The API host decides; these only hide
 * what it would refuse.
 */

import type {
  DraftEventInput,
  DraftLotInput,
  EventEditInput,
  OrganisationEventStatus,
} from '@plateia/core/api/organisations';
import { TIME_ZONE } from '@plateia/core/format/dates';
import {
  ORGANISATION_MESSAGES,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_ROLES,
  type OrganisationRole,
} from '@plateia/core/messages/organisations';
import {
  PRODUCER_EVENT_MESSAGES,
  PRODUCER_EVENT_STATUS_LABELS,
} from '@plateia/core/messages/producer-events';
import { parseReais } from '@plateia/core/rules/money';

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
  /** Create draft events and publish them (`events.edit`). */
  editEvents: boolean;
}

/** The controls of `role`. */
export function controlsFor(role: OrganisationRole): RoleControls {
  return {
    editOrganisation: role === 'owner',
    manageTeam: role === 'owner' || role === 'manager',
    manageOwners: role === 'owner',
    door: role === 'owner' || role === 'manager' || role === 'door',
    editEvents: role === 'owner' || role === 'manager',
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

/** The pt-BR name of an event's status ("Rascunho", "Publicado", "Alterado", "Cancelado", "Encerrado"). */
export function eventStatusLabel(status: OrganisationEventStatus): string {
  return PRODUCER_EVENT_STATUS_LABELS[status] ?? status;
}

// The wall clock of São Paulo at a moment, read back as if it were UTC.
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallOf(moment: number): number {
  const parts = wallClock.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/**
 * A `datetime-local` value ("2027-03-10T20:00") read on Brasília time, whatever the zone of
 * the producer's device, as the ISO moment the API takes; null for anything that is not a
 * time of day that exists there (a malformed value, 30 February, an hour skipped by an old
 * daylight-saving change).
 */
export function saoPauloToIso(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 30 February over to March and 24:00 to the next day: those are no date.
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute)
    return null;
  // The offset at a guess, corrected once more in case the guess crossed a change of offset.
  let moment = wall + 3 * 3_600_000;
  for (let round = 0; round < 2; round += 1) moment = wall - (wallOf(moment) - moment);
  return wallOf(moment) === wall ? new Date(moment).toISOString() : null;
}

/** An ISO moment as the `datetime-local` value ("2027-03-10T20:00") of Brasília's wall clock. */
export function isoToSaoPauloLocal(iso: string): string {
  const moment = Date.parse(iso);
  if (Number.isNaN(moment)) return '';
  return new Date(wallOf(moment)).toISOString().slice(0, 16);
}

/** Texts of the event form's own checks (the API checks the rest and answers in pt-BR). */
export const EVENT_FORM_MESSAGES = {
  startsAtRequired: 'Informe a data e a hora de início.',
  endsAtRequired: 'Informe a data e a hora de término.',
  meiaRange: 'A meia-entrada vai de 40% a 100% dos ingressos.',
  perOrderLimit: 'O limite por pedido vai de 1 a 100 ingressos.',
  quantity: 'Informe a quantidade de ingressos (um número inteiro, de 1 a 1.000.000).',
} as const;

/** One lot as typed in the form. */
export interface LotForm {
  name: string;
  price: string;
  quantity: string;
  perOrderLimit: string;
}

/** The event form as typed; dates as `datetime-local` values on Brasília time. */
export interface EventForm {
  name: string;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  description: string;
  meiaPercent: string;
  lots: LotForm[];
}

/** A field of the event form; a lot's fields are `lots.<index>.<field>`. */
export type EventFormField =
  | 'name'
  | 'venue'
  | 'city'
  | 'startsAt'
  | 'endsAt'
  | 'meiaPercent'
  | 'lots'
  | `lots.${number}.${keyof LotForm}`;

/** What reading the form gives: the API's body, or each field's pt-BR error. */
export type EventFormReading =
  | { ok: true; input: DraftEventInput }
  | { ok: false; errors: Partial<Record<EventFormField, string>> };

const wholeNumber = (text: string): number | null =>
  /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;

/** Reads the event form: prices with `parseReais`, dates on Brasília time, meia as a percentage. */
export function readEventForm(form: EventForm): EventFormReading {
  const errors: Partial<Record<EventFormField, string>> = {};
  if (!form.name.trim()) errors.name = PRODUCER_EVENT_MESSAGES.nameRequired;
  if (!form.venue.trim()) errors.venue = PRODUCER_EVENT_MESSAGES.venueRequired;
  if (!form.city.trim()) errors.city = PRODUCER_EVENT_MESSAGES.cityRequired;
  const startsAt = saoPauloToIso(form.startsAt);
  if (!startsAt) errors.startsAt = EVENT_FORM_MESSAGES.startsAtRequired;
  const endsAt = saoPauloToIso(form.endsAt);
  if (!endsAt) errors.endsAt = EVENT_FORM_MESSAGES.endsAtRequired;
  const meia = wholeNumber(form.meiaPercent.replace(/%$/, ''));
  if (meia === null || meia < 40 || meia > 100) errors.meiaPercent = EVENT_FORM_MESSAGES.meiaRange;
  if (form.lots.length === 0) errors.lots = PRODUCER_EVENT_MESSAGES.lotsRequired;
  const lots = form.lots.map((lot, index) => {
    if (!lot.name.trim()) errors[`lots.${index}.name`] = PRODUCER_EVENT_MESSAGES.lotNameRequired;
    const price = parseReais(lot.price);
    if (!price.ok) errors[`lots.${index}.price`] = price.error;
    const quantity = wholeNumber(lot.quantity);
    if (quantity === null || quantity < 1 || quantity > 1_000_000) {
      errors[`lots.${index}.quantity`] = EVENT_FORM_MESSAGES.quantity;
    }
    const limit = lot.perOrderLimit.trim() ? wholeNumber(lot.perOrderLimit) : undefined;
    if (limit === null || (limit !== undefined && (limit < 1 || limit > 100))) {
      errors[`lots.${index}.perOrderLimit`] = EVENT_FORM_MESSAGES.perOrderLimit;
    }
    return {
      name: lot.name.trim(),
      priceCents: price.ok ? price.cents : 0,
      quantity: quantity ?? 0,
      ...(limit ? { perOrderLimit: limit } : {}),
    };
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const description = form.description.trim();
  return {
    ok: true,
    input: {
      name: form.name.trim(),
      venue: form.venue.trim(),
      city: form.city.trim(),
      startsAt: startsAt!,
      endsAt: endsAt!,
      ...(description ? { description } : {}),
      lots,
      meiaPercentBps: meia! * 100,
    },
  };
}

const EVENT_FIELD_OF_MESSAGE: ReadonlyMap<string, EventFormField> = new Map<string, EventFormField>([
  [PRODUCER_EVENT_MESSAGES.nameRequired, 'name'],
  [PRODUCER_EVENT_MESSAGES.venueRequired, 'venue'],
  [PRODUCER_EVENT_MESSAGES.cityRequired, 'city'],
  [PRODUCER_EVENT_MESSAGES.startsInFuture, 'startsAt'],
  [PRODUCER_EVENT_MESSAGES.endsAfterStart, 'endsAt'],
  [PRODUCER_EVENT_MESSAGES.lotsRequired, 'lots'],
  [PRODUCER_EVENT_MESSAGES.lotNameRequired, 'lots'],
  [PRODUCER_EVENT_MESSAGES.lotQuantity, 'lots'],
  [PRODUCER_EVENT_MESSAGES.lotPrice, 'lots'],
  [PRODUCER_EVENT_MESSAGES.lotWindow, 'lots'],
]);

/**
 * The event form's field an API message is about (a lot's message names no lot, so it
 * shows under the list of lots); null for a message about the whole request (a toast).
 */
export function eventFieldOfMessage(message: string): EventFormField | null {
  return EVENT_FIELD_OF_MESSAGE.get(message) ?? null;
}

/** The edit form of an event (`/produtor/eventos/{id}`), dates on Brasília time. */
export interface EventEditForm {
  name: string;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  description: string;
  refundPolicy: string;
  highDemand: boolean;
  queueOpensAt: string;
  saleStartsAt: string;
}

/** A field of the edit form. */
export type EventEditField = keyof EventEditForm;

/** Texts of the edit form's own checks. */
export const EVENT_EDIT_MESSAGES = {
  queueOpensAtRequired: 'Informe quando a sala de espera abre.',
  saleStartsAtRequired: 'Informe quando as vendas começam.',
  salesStartInvalid: 'Informe o início das vendas como data e hora, ou deixe em branco.',
  salesEndInvalid: 'Informe o fim das vendas como data e hora, ou deixe em branco.',
} as const;

/** Reads the edit form: the API's body, or each field's pt-BR error. */
export function readEventEditForm(
  form: EventEditForm,
): { ok: true; input: EventEditInput } | { ok: false; errors: Partial<Record<EventEditField, string>> } {
  const errors: Partial<Record<EventEditField, string>> = {};
  if (!form.name.trim()) errors.name = PRODUCER_EVENT_MESSAGES.nameRequired;
  if (!form.venue.trim()) errors.venue = PRODUCER_EVENT_MESSAGES.venueRequired;
  if (!form.city.trim()) errors.city = PRODUCER_EVENT_MESSAGES.cityRequired;
  const startsAt = saoPauloToIso(form.startsAt);
  if (!startsAt) errors.startsAt = EVENT_FORM_MESSAGES.startsAtRequired;
  const endsAt = saoPauloToIso(form.endsAt);
  if (!endsAt) errors.endsAt = EVENT_FORM_MESSAGES.endsAtRequired;
  const queueOpensAt = form.highDemand ? saoPauloToIso(form.queueOpensAt) : null;
  const saleStartsAt = form.highDemand ? saoPauloToIso(form.saleStartsAt) : null;
  if (form.highDemand && !queueOpensAt) errors.queueOpensAt = EVENT_EDIT_MESSAGES.queueOpensAtRequired;
  if (form.highDemand && !saleStartsAt) errors.saleStartsAt = EVENT_EDIT_MESSAGES.saleStartsAtRequired;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: form.name.trim(),
      venue: form.venue.trim(),
      city: form.city.trim(),
      startsAt: startsAt!,
      endsAt: endsAt!,
      description: form.description.trim(),
      refundPolicy: form.refundPolicy.trim(),
      highDemand: queueOpensAt && saleStartsAt ? { queueOpensAt, saleStartsAt } : null,
    },
  };
}

const EDIT_FIELD_OF_MESSAGE: ReadonlyMap<string, EventEditField> = new Map<string, EventEditField>([
  [PRODUCER_EVENT_MESSAGES.nameRequired, 'name'],
  [PRODUCER_EVENT_MESSAGES.venueRequired, 'venue'],
  [PRODUCER_EVENT_MESSAGES.cityRequired, 'city'],
  [PRODUCER_EVENT_MESSAGES.startsInFuture, 'startsAt'],
  [PRODUCER_EVENT_MESSAGES.endsAfterStart, 'endsAt'],
  [PRODUCER_EVENT_MESSAGES.refundPolicyTooLong, 'refundPolicy'],
  [PRODUCER_EVENT_MESSAGES.queueTimesRequired, 'queueOpensAt'],
  [PRODUCER_EVENT_MESSAGES.queueOrder, 'saleStartsAt'],
  [PRODUCER_EVENT_MESSAGES.queueBeforeEnd, 'saleStartsAt'],
  [PRODUCER_EVENT_MESSAGES.queueStarted, 'queueOpensAt'],
]);

/** The edit form's field an API message is about; null for the whole event (a toast). */
export function editFieldOfMessage(message: string): EventEditField | null {
  return EDIT_FIELD_OF_MESSAGE.get(message) ?? null;
}

/** A lot added to an event, as typed: a ticket type's name, reais, and an optional sales window. */
export interface NewLotForm {
  name: string;
  price: string;
  quantity: string;
  perOrderLimit: string;
  salesStart: string;
  salesEnd: string;
}

/** Reads the new-lot form: the API's body, or each field's pt-BR error. */
export function readNewLotForm(
  form: NewLotForm,
): { ok: true; input: DraftLotInput } | { ok: false; errors: Partial<Record<keyof NewLotForm, string>> } {
  const errors: Partial<Record<keyof NewLotForm, string>> = {};
  if (!form.name.trim()) errors.name = PRODUCER_EVENT_MESSAGES.lotNameRequired;
  const price = parseReais(form.price);
  if (!price.ok) errors.price = price.error;
  const quantity = wholeNumber(form.quantity);
  if (quantity === null || quantity < 1 || quantity > 1_000_000)
    errors.quantity = EVENT_FORM_MESSAGES.quantity;
  const limit = form.perOrderLimit.trim() ? wholeNumber(form.perOrderLimit) : undefined;
  if (limit === null || (limit !== undefined && (limit < 1 || limit > 100))) {
    errors.perOrderLimit = EVENT_FORM_MESSAGES.perOrderLimit;
  }
  const salesStart = form.salesStart.trim() ? saoPauloToIso(form.salesStart) : undefined;
  if (salesStart === null) errors.salesStart = EVENT_EDIT_MESSAGES.salesStartInvalid;
  const salesEnd = form.salesEnd.trim() ? saoPauloToIso(form.salesEnd) : undefined;
  if (salesEnd === null) errors.salesEnd = EVENT_EDIT_MESSAGES.salesEndInvalid;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: form.name.trim(),
      priceCents: price.ok ? price.cents : 0,
      quantity: quantity!,
      ...(limit ? { perOrderLimit: limit } : {}),
      ...(salesStart ? { salesStart } : {}),
      ...(salesEnd ? { salesEnd } : {}),
    },
  };
}

/** The producer area's page of one event. */
export function eventEditPath(id: number): string {
  return `/produtor/eventos/${id}`;
}
