/** pt-BR texts of support requests ("Meus suportes"), shared by the API host, core and the storefront. */

/** Support categories, by the code stored and sent on the wire. */
export const SUPPORT_CATEGORIES = {
  ingressos: 'Ingressos',
  pagamento: 'Pagamento e reembolso',
  transferencia: 'Transferência de ingresso',
  conta: 'Conta e acesso',
  evento: 'Dúvida sobre um evento',
  outro: 'Outro assunto',
} as const;

/** A support category code. */
export type SupportCategory = keyof typeof SUPPORT_CATEGORIES;

/** Labels of a request's status. */
export const SUPPORT_STATUS_LABELS = {
  open: 'Aberto',
  answered: 'Respondido',
  closed: 'Encerrado',
} as const;

/** A support request's status. */
export type SupportStatus = keyof typeof SUPPORT_STATUS_LABELS;

/** Texts of the support calls and pages. */
export const SUPPORT_MESSAGES = {
  created: 'Suporte aberto com sucesso! Responderemos por aqui e por e-mail.',
  replied: 'Resposta enviada!',
  createFailed: 'Não foi possível abrir o suporte, tente novamente',
  replyFailed: 'Não foi possível enviar a resposta, tente novamente',
  loadFailed: 'Não foi possível carregar seus suportes, tente novamente',
  notFound: 'Suporte não encontrado.',
  orderNotFound: 'Pedido não encontrado na sua conta.',
  ticketNotFound: 'Ingresso não encontrado na sua conta.',
  staffOnly: 'Apenas a equipe de atendimento pode responder como equipe.',
  closed: 'Este suporte foi encerrado. Abra um novo se precisar.',
  subjectRequired: 'Informe o assunto.',
  textRequired: 'Descreva o que aconteceu.',
  categoryRequired: 'Escolha uma categoria.',
  tooManyAttachments: 'Envie no máximo 3 anexos.',
  tooManyRequests: 'Você já abriu muitos suportes hoje. Responda nos que estão abertos ou tente amanhã.',
  tooManyMessages: 'Você enviou muitas mensagens na última hora. Aguarde um pouco e tente novamente.',
  requestAttachmentsFull:
    'Este suporte já tem 20 MB de anexos. Envie a mensagem sem anexo ou abra outro suporte.',
  accountAttachmentsFull: 'Seus suportes já somam 50 MB de anexos. Envie a mensagem sem anexo.',
} as const;
