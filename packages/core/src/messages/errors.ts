/**
 * pt-BR texts of the generic errors: the API host's answers that belong to no domain
 * (validation, body limits, sessions, unknown routes, internal faults) and the
 * storefront's error-report endpoint.
 */
import { CHAT_TOO_MANY_REQUESTS } from './chat.ts';

/** The answer for a missing, expired or revoked session token (401). */
export const UNAUTHORIZED_MESSAGE = 'Sessão expirada. Faça login novamente.';
/** The answer when an id names another customer (403). */
export const FORBIDDEN_MESSAGE = 'Você não tem permissão para acessar os dados de outro cliente.';
/** A request body over the size limit (413), from the API host or the storefront's proxy. */
export const PAYLOAD_TOO_LARGE_MESSAGE = 'O conteúdo enviado é grande demais.';

/** pt-BR answers of the API host's error handling, by kind of failure. */
export const API_ERROR_MESSAGES = {
  invalidData: 'Dados inválidos.',
  fieldMissing: (label: string) => `Campo obrigatório ausente: ${label}.`,
  fieldNotAllowed: (name: string) => `Campo não permitido: ${name}.`,
  fieldTooLong: (label: string) => `Campo ${label} longo demais.`,
  fieldTooShort: (label: string) => `Campo ${label} curto demais.`,
  fieldInvalid: (label: string) => `Valor inválido no campo ${label}.`,
  invalidCustomerId: 'Identificador de cliente inválido.',
  tooLarge: PAYLOAD_TOO_LARGE_MESSAGE,
  unsupportedMediaType: 'Formato de conteúdo não suportado.',
  /** The same sentence as the chat's second limiter (docs/core.md). */
  tooManyRequests: CHAT_TOO_MANY_REQUESTS,
  badCharacters: 'Os dados enviados contêm caracteres inválidos.',
  badRequest: 'Requisição inválida.',
  internal: 'Erro interno, tente novamente.',
  /** The host is over its load thresholds and sheds the request (503 with Retry-After). */
  overloaded: 'Estamos com muitos acessos agora. Tente novamente em alguns segundos.',
  notFound: 'Recurso não encontrado.',
} as const;

/** pt-BR answers of the storefront's `POST /api/errors` (browsers reporting unexpected errors). */
export const ERROR_REPORT_MESSAGES = {
  tooLarge: 'Relatório de erro grande demais.',
  invalid: 'Relatório de erro inválido.',
  methodNotAllowed: 'Método não permitido.',
} as const;
