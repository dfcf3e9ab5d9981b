/**
 * pt-BR texts of the customer's profile: the storefront's profile page and the API host's
 * profile answers. Sentences the sign-up form or the session store also say are theirs
 * (messages/accounts.ts).
 */
import { SESSION_MESSAGES, SIGN_UP_MESSAGES } from './accounts.ts';

/** pt-BR texts of the storefront's profile page (spec silent; see docs/site.md). */
export const PROFILE_MESSAGES = {
  nameRequired: SIGN_UP_MESSAGES.nameRequired,
  cpfInvalid: SIGN_UP_MESSAGES.cpfInvalid,
  phoneInvalid: SIGN_UP_MESSAGES.phoneInvalid,
  cepInvalid: 'O CEP deve ter 8 dígitos',
  birthDateInvalid: 'Informe uma data de nascimento válida',
  saved: 'Perfil atualizado com sucesso!',
  saveFailed: SESSION_MESSAGES.profileFailed,
  documentSent: 'Documento enviado com sucesso!',
  documentFailed: SESSION_MESSAGES.uploadFailed,
  dataTitle: 'Seus dados',
  dataText:
    'Baixe tudo o que a Plateia guarda sobre você (perfil, pedidos, ingressos, carteira, amigos, mensagens e suportes) em um arquivo JSON.',
  dataButton: 'Baixar meus dados',
  dataBusy: 'Preparando arquivo...',
  dataFailed: 'Não foi possível baixar seus dados, tente novamente',
  dataTooSoon: 'Você pediu seus dados há pouco. Aguarde um minuto e tente novamente.',
} as const;

/** pt-BR answers of the API host's profile checks (sign-up and profile edits). */
export const PROFILE_ANSWER_MESSAGES = {
  nameMissing: 'Campo obrigatório ausente: nome.',
  documentNumberInvalid: 'CPF/CNPJ inválido.',
  cepInvalid: 'CEP inválido.',
  stateInvalid: 'UF inválida.',
  birthDateInvalid: 'Data de nascimento inválida.',
  emailLocked: 'O e-mail da conta não pode ser alterado.',
  avatarUrlInvalid: 'Endereço da foto de perfil inválido.',
  cpfTaken:
    'Este CPF já está cadastrado em outra conta. Se ele é seu, peça a análise em Minha Conta ("Este CPF é meu"), com um documento seu.',
  cpfTakenAtSignUp:
    'Este CPF já está cadastrado em outra conta. Crie sua conta sem o CPF e, em Minha Conta, peça a análise ("Este CPF é meu"), com um documento seu.',
} as const;

/** pt-BR texts of "Este CPF é meu": a claim on a CPF another account holds (docs/accounts.md). */
export const CPF_CLAIM_MESSAGES = {
  notCpf: 'Informe um CPF válido (11 dígitos).',
  notTaken: 'Este CPF não está cadastrado em outra conta: você pode cadastrá-lo no seu perfil.',
  alreadyYours: 'Este CPF já é o da sua conta.',
  oneAtATime: 'Você já tem um pedido de análise de CPF em andamento. Aguarde a resposta da nossa equipe.',
  emailUnverified: 'Confirme seu e-mail antes de pedir a análise de um CPF.',
  requestSubject: 'Análise de CPF: este CPF é meu',
  requestText: (cpf: string, note: string) =>
    `Peço a análise do CPF ${cpf}, cadastrado em outra conta. Envio em anexo um documento meu em que ele aparece.${note ? `\n\n${note}` : ''}`,
  opened:
    'Pedido enviado. Enquanto nossa equipe analisa, este CPF não vale para filas virtuais em nenhuma conta. Acompanhe em Meus suportes.',
  loadFailed: 'Não foi possível carregar a situação do seu CPF, tente novamente',
  failed: 'Não foi possível enviar o pedido, tente novamente',
  title: 'Este CPF é meu',
  lead: 'Seu CPF já está cadastrado em outra conta? Envie um documento seu em que ele apareça: nossa equipe analisa e, enquanto isso, ele não vale para filas virtuais em nenhuma conta.',
  cpfLabel: 'CPF',
  documentLabel: 'Documento com foto em que o CPF aparece (PDF, JPG ou PNG, até 5 MB)',
  noteLabel: 'Observação (opcional)',
  submit: 'Pedir análise',
  busy: 'Enviando...',
  status: {
    open: 'Em análise pela nossa equipe',
    released: 'Resolvido: o CPF agora é da sua conta',
    upheld: 'Resolvido: o CPF agora é da sua conta',
    rejected: 'Encerrado: o CPF continua na outra conta',
    withdrawn: 'Pedido retirado',
  },
  yourClaim: (cpf: string) => `Seu pedido sobre o CPF ${cpf}:`,
  disputed:
    'Outra pessoa informou que o CPF do seu perfil é dela. Até a análise terminar, ele não vale para filas virtuais. Se o CPF não é seu, retire-o do perfil; se é seu, abra um suporte com um documento.',
} as const;

/**
 * pt-BR texts of "Excluir minha conta" (docs/accounts.md, "Erasure"): the API host's refusals
 * while something is in flight, and the profile's dialog.
 */
export const ERASURE_MESSAGES = {
  producer:
    'Contas de produtor não podem ser excluídas por aqui: seus eventos e repasses dependem dela. Fale com a nossa equipe pelo suporte.',
  walletBalance: (amount: string) =>
    `Sua carteira ainda tem ${amount}. Peça a devolução do saldo em Minha Carteira antes de excluir a conta.`,
  walletInFlight:
    'Há uma recarga, uma reserva ou uma devolução da sua carteira em andamento. Aguarde a conclusão para excluir a conta.',
  purchaseInProgress:
    'Você tem uma compra em andamento. Pague ou deixe a reserva expirar antes de excluir a conta.',
  sharedPayment:
    'Você participa de um pagamento compartilhado em aberto (ou com valor a devolver). Aguarde a conclusão para excluir a conta.',
  refundPending: 'Você tem um reembolso em andamento. Aguarde o dinheiro chegar antes de excluir a conta.',
  transferPending:
    'Você tem uma transferência de ingresso pendente. Cancele-a ou aguarde a resposta antes de excluir a conta.',
  futureTickets: (count: number) =>
    `Você tem ${count === 1 ? '1 ingresso' : `${count} ingressos`} para eventos que ainda não aconteceram. Transfira-os ou peça o reembolso antes de excluir a conta: com a conta excluída, eles deixariam de valer.`,
  resaleProceeds:
    'Você tem valores de revenda a receber depois do evento. Aguarde o repasse para excluir a conta.',
  codeSent: 'Enviamos um código de 6 dígitos para o seu e-mail. Ele vale por 15 minutos.',
  codeTooSoon: 'Já enviamos um código há menos de um minuto. Confira seu e-mail ou aguarde para pedir outro.',
  codeInvalid: 'Código inválido ou expirado. Peça um novo código.',
  erased: 'Sua conta foi excluída. Seus dados pessoais foram apagados.',
  title: 'Excluir minha conta',
  intro:
    'Apagamos seu nome, e-mail, CPF, telefone, endereço, foto, documentos, amizades e o texto das mensagens que você enviou, e encerramos todas as sessões. Guardamos apenas o que a lei exige: pedidos, pagamentos e lançamentos contábeis, sem ligação com seus dados.',
  blockedTitle: 'Antes de excluir, resolva:',
  sendCode: 'Enviar código por e-mail',
  codeLabel: 'Código recebido por e-mail',
  confirm: 'Excluir definitivamente',
  cancel: 'Cancelar',
  busy: 'Aguarde...',
  failed: 'Não foi possível excluir sua conta, tente novamente',
} as const;
