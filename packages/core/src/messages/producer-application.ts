import { INVALID_EMAIL_MESSAGE } from './accounts.ts';

/** pt-BR texts of the "Seja produtor" application, shared by the API host, core and the storefront. */

/** Texts of the application call and page. */
export const PRODUCER_APPLICATION_MESSAGES = {
  sent: 'Recebemos sua solicitação! Nossa equipe de produtores entrará em contato em até 2 dias úteis.',
  failed: 'Não foi possível enviar sua solicitação, tente novamente',
  nameRequired: 'Informe seu nome.',
  emailInvalid: INVALID_EMAIL_MESSAGE,
  phoneRequired: 'Informe um telefone com DDD.',
  eventRequired: 'Conte um pouco sobre o seu evento.',
  tooManyForEmail:
    'Já recebemos solicitações deste e-mail hoje. Nossa equipe vai entrar em contato; se precisar, tente de novo amanhã.',
} as const;

/** Sizes of audience a producer picks in the form. */
export const PRODUCER_AUDIENCE_SIZES = {
  'ate-500': 'Até 500 pessoas',
  '500-2000': 'De 500 a 2.000 pessoas',
  '2000-10000': 'De 2.000 a 10.000 pessoas',
  'mais-10000': 'Mais de 10.000 pessoas',
} as const;

/** An audience size code. */
export type ProducerAudienceSize = keyof typeof PRODUCER_AUDIENCE_SIZES;
