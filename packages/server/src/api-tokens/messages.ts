/** pt-BR texts of the organisation API tokens (docs/integrations.md). */
export const API_TOKEN_MESSAGES = {
  nameRequired: 'Dê um nome ao token (até 80 caracteres).',
  scopesRequired: 'Escolha ao menos uma permissão para o token.',
  tooMany: 'Esta organização já tem o máximo de 20 tokens ativos. Revogue um antes de criar outro.',
  notFound: 'Token não encontrado.',
  invalid: 'Token de API inválido ou revogado.',
  missingScope: 'Este token não tem a permissão necessária para esta chamada.',
  customerOnly: 'Esta área é só para produtores.',
  created: 'Token criado. Copie agora: ele não será mostrado de novo.',
  revoked: 'Token revogado. Ele deixa de funcionar imediatamente.',
} as const;
