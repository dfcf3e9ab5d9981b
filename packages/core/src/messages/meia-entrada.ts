/** pt-BR texts of meia-entrada (docs/meia-entrada.md), shared by the API host and the clients. */
export const MEIA_MESSAGES = {
  tooManyBeneficiaries: 'Há mais beneficiários de meia-entrada do que ingressos.',
  beneficiaryIncomplete: 'Informe o nome e o número do documento do beneficiário da meia-entrada.',
  notForResale: 'A meia-entrada não vale para ingressos de revenda.',
  unknownCategory: 'Categoria de meia-entrada não aceita neste evento.',
  duplicateDocument: 'Cada meia-entrada precisa de um beneficiário diferente.',
  documentUsed: 'Este documento já tem uma meia-entrada neste evento.',
  unavailable: 'A quantidade de meias-entradas desejada não está mais disponível.',
  quotaBelowTaken: 'A cota não pode ficar abaixo das meias-entradas já vendidas ou reservadas.',
  notMeia: 'Este ingresso não é uma meia-entrada.',
  upgraded: 'Diferença paga: o ingresso agora é inteira.',
  producerOnly: 'Apenas o produtor do evento pode alterar a meia-entrada.',
} as const;
