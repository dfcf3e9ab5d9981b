/** pt-BR texts of the profile page (spec silent; see docs/site.md). */
export const PROFILE_MESSAGES = {
  nameRequired: 'Informe seu nome',
  cpfInvalid: 'CPF ou CNPJ inválido',
  phoneInvalid: 'Informe o telefone com DDD',
  cepInvalid: 'O CEP deve ter 8 dígitos',
  birthDateInvalid: 'Informe uma data de nascimento válida',
  saved: 'Perfil atualizado com sucesso!',
  saveFailed: 'Não foi possível salvar seu perfil, tente novamente',
  documentSent: 'Documento enviado com sucesso!',
  documentFailed: 'Não foi possível enviar o documento, tente novamente',
} as const;
