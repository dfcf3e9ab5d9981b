/**
 * pt-BR texts of the catalogue (events and their ticket types), shared by the API host and
 * the clients.
 */

/** The answer for an unknown or unpublished event (the catalogue's 404, also the courtesy call's). */
export const EVENT_NOT_FOUND = 'Evento não encontrado.';
