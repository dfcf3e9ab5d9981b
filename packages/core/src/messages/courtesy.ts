/** pt-BR answers of the API host's courtesy calls (producers issuing free tickets). */
import { EVENT_NOT_FOUND } from './catalogue.ts';
import { RESERVATION_MESSAGES } from './orders.ts';
import { SEAT_MESSAGES } from './seat-hold.ts';

/** pt-BR answers of the courtesy calls; the shared sentences are the catalogue's, seat flow's and reservation's. */
export const COURTESY_MESSAGES = {
  notProducer: 'Apenas o produtor do evento pode emitir cortesias.',
  eventNotFound: EVENT_NOT_FOUND,
  seatUnavailable: SEAT_MESSAGES.notAvailable,
  ticketUnavailable: RESERVATION_MESSAGES.notPermitted,
  wrongTicketType: 'Tipo de ingresso inválido para esta cortesia.',
} as const;
