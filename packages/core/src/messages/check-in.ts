import { EVENT_NOT_FOUND } from './catalogue.ts';

/**
 * pt-BR texts of the door check-in (docs/check-in.md), shared by the API host, core and
 * the storefront's scanner page.
 */

/** What the door staff reads for each decision on a scan, by verdict. */
export const CHECK_IN_VERDICT_MESSAGES = {
  admitted: 'Entrada liberada',
  already_used: 'Ingresso já utilizado',
  wrong_event: 'Este ingresso não é deste evento',
  old_code: 'Código antigo: este ingresso mudou de titular',
  invalid_code: 'Código expirado ou inválido. Peça para abrir o ingresso no app',
  unreadable: 'Código não reconhecido',
  cancelled: 'Ingresso cancelado',
  transferred: 'Ingresso transferido para outra pessoa',
  resold: 'Ingresso revendido',
  refunded: 'Ingresso reembolsado',
  not_admissible: 'Ingresso não liberado para entrada',
  door_closed: 'Fora do horário de entrada do evento',
} as const;

/**
 * Why the API host did not count an admission an offline scanner uploaded
 * (docs/check-in.md, "Checked at upload"), by reason.
 */
export const CHECK_IN_UPLOAD_REFUSALS = {
  missing_code: 'Leitura sem o código do ingresso: a entrada não foi registrada.',
  invalid_code: 'O código lido não é o deste ingresso naquele horário: a entrada não foi registrada.',
  wrong_event: 'Este ingresso não é deste evento: a entrada não foi registrada.',
  door_closed: 'Leitura fora do horário de entrada do evento: a entrada não foi registrada.',
  future: 'Leitura com horário no futuro (relógio do aparelho errado?): a entrada não foi registrada.',
} as const;

/** A reason the upload refused an admission. */
export type CheckInUploadRefusal = keyof typeof CHECK_IN_UPLOAD_REFUSALS;

/** Answers of the check-in API calls (403, 404, 400). */
export const CHECK_IN_API_MESSAGES = {
  notProducer: 'Apenas o produtor do evento pode fazer o check-in.',
  eventNotFound: EVENT_NOT_FOUND,
  badCursor: 'Cursor de sincronização inválido.',
  eventWithoutKey: 'Este evento ainda não tem chave de ingressos.',
  manifestFailed: 'Não foi possível baixar a lista de ingressos.',
  uploadFailed: 'Não foi possível enviar as leituras. Elas continuam guardadas neste aparelho.',
  reportFailed: 'Não foi possível carregar o relatório de conflitos.',
  eventsFailed: 'Não foi possível carregar seus eventos.',
} as const;

/** Texts of the scanner page. */
export const CHECK_IN_PAGE_TEXTS = {
  title: 'Check-in',
  online: 'Conectado',
  offline: 'Sem conexão: decisões feitas neste aparelho',
  manualLabel: 'Código do ingresso',
  manualSubmit: 'Validar',
  cameraStart: 'Abrir câmera',
  cameraStop: 'Fechar câmera',
  cameraUnavailable: 'Câmera indisponível neste aparelho. Digite o código.',
  sync: 'Sincronizar',
  upload: 'Enviar leituras',
  forget: 'Apagar dados deste evento do aparelho',
  conflicts: 'Conflitos (mesmo ingresso liberado mais de uma vez)',
  noConflicts: 'Nenhum conflito registrado.',
  staleAdmissions: 'Entradas com código de um titular anterior',
  loadingManifest: 'Baixando a lista de ingressos…',
  notLoggedIn: 'Acesse sua conta de produtor para fazer o check-in.',
  uploadRefused: 'Entradas não registradas pelo servidor',
} as const;
