/**
 * pt-BR texts of the customer's documents (identity document and proof of address): the
 * storefront's check before sending and the API host's answers to the upload.
 */

/** pt-BR messages of the storefront's file check before an upload (not in the spec; see docs/site.md). */
export const DOCUMENT_FILE_MESSAGES = {
  type: 'Envie um arquivo PDF, JPG ou PNG.',
  size: 'O arquivo deve ter no máximo 5 MB.',
  empty: 'O arquivo está vazio.',
} as const;

/** pt-BR answers of the API host's document upload. */
export const DOCUMENT_ANSWER_MESSAGES = {
  fileNameInvalid: 'Nome de arquivo inválido.',
  unsupportedType: 'Envie um arquivo PDF, JPEG ou PNG.',
  notBase64: 'O arquivo enviado não está em base64 válido.',
  tooLarge: DOCUMENT_FILE_MESSAGES.size,
  contentInvalid: 'O conteúdo do arquivo não é um PDF, JPEG ou PNG válido.',
  sent: 'Documento enviado com sucesso.',
} as const;
