/** pt-BR texts of the webhook endpoints and their delivery log (docs/integrations.md). */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Informe um endereço https:// válido para o webhook.',
  urlPrivate: 'O endereço do webhook precisa ser público: endereços internos ou locais não são aceitos.',
  eventTypesRequired: 'Escolha ao menos um evento para o webhook.',
  tooMany: 'Esta organização já tem o máximo de 10 webhooks.',
  endpointNotFound: 'Webhook não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  redeliveryBusy: 'Esta entrega está sendo enviada agora. Tente de novo em instantes.',
  created: 'Webhook criado. Copie o segredo agora: ele não será mostrado de novo.',
  redeliveryQueued: 'Reenvio agendado.',
} as const;
