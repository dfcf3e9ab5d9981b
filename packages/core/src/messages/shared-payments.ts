/**
 * pt-BR texts of shared payments as the clients show them (docs/shared-payments.md): the
 * checkout's "Dividir com amigos" panel, the group page, a share's page and the list in Meus
 * Ingressos. The API host's own answers come with their text; these are the clients' words.
 */
import type { SharedPaymentStatus, ShareStatus } from '../contracts/shared-payments.ts';

/** A group's state, as a badge. */
export const SHARED_PAYMENT_STATUS_LABELS: Readonly<Record<SharedPaymentStatus, string>> = {
  open: 'Aguardando pagamentos',
  completed: 'Concluído',
  expired: 'Encerrado sem todos os pagamentos',
};

/** A share's state, as a badge. */
export const SHARE_STATUS_LABELS: Readonly<Record<ShareStatus, string>> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  refunding: 'Devolução em andamento',
  refunded: 'Valor devolvido',
  cancelled: 'Cancelada',
};

/** The clients' labels and answers. */
export const SHARED_PAYMENT_MESSAGES = {
  method: 'Dividir com amigos',
  splitLead:
    'Cada pessoa paga a sua parte por PIX, pelo link que enviamos por e-mail. Os lugares ficam reservados até o prazo; se alguém não pagar, quem pagou recebe o valor de volta.',
  sharesCount: 'Em quantas partes dividir',
  yourShare: 'Sua parte',
  friendEmail: (position: number) => `E-mail do amigo ${position}`,
  pickFriend: (position: number) => `Escolher entre seus amigos (parte ${position})`,
  pickFriendNone: 'Digitar e-mail',
  shareAmount: (position: number) => `Valor da parte ${position} (R$)`,
  shareTickets: (position: number) => `Ingressos da parte ${position}`,
  splitEvenly: 'Dividir igualmente',
  feeShared: 'A taxa de serviço entra no total e é dividida junto.',
  deadline: 'Prazo para os amigos pagarem',
  deadlineHint: (latest: string) =>
    `Até ${latest}. Depois do prazo, só você pode pagar as partes que faltarem, por mais 1 hora.`,
  deadlineTooShort: 'Não há tempo suficiente antes do evento para dividir este pagamento.',
  create: 'Dividir o pagamento',
  creating: 'Dividindo...',
  created: 'Divisão criada! Pague a sua parte: os convites saem para os amigos assim que ela for paga.',
  createFailed: 'Não foi possível dividir o pagamento. Tente novamente.',
  loadFailed: 'Não foi possível carregar o pagamento compartilhado.',
  listTitle: 'Pagamentos compartilhados',
  listEmpty: 'Você ainda não participa de nenhum pagamento compartilhado.',
  listOpen: 'Ver pagamento',
  progress: (paid: number, total: number) => `${paid} de ${total} partes pagas`,
  collected: (paid: string, total: string) => `${paid} de ${total} recebidos`,
  leader: 'Organizador',
  you: 'Você',
  deadlineLabel: 'Prazo para pagar',
  closesLabel: 'O organizador pode pagar as partes restantes até',
  payThisShare: 'Pagar esta cota',
  resend: 'Reenviar e-mail',
  resent: (email: string) => `E-mail reenviado para ${email}.`,
  resendFailed: 'Não foi possível reenviar o e-mail. Tente novamente em alguns minutos.',
  emailSentAt: 'Convite enviado em',
  shareTitle: 'Sua parte no pagamento',
  invitedBy: (leader: string | null, orderNumber: string) =>
    `${leader ?? 'Um amigo'} convidou você para dividir o pagamento do pedido ${orderNumber}.`,
  leaderShare: (orderNumber: string) => `Sua parte como organizador do pedido ${orderNumber}.`,
  amount: 'Valor',
  tickets: (count: number) => (count === 1 ? '1 ingresso' : `${count} ingressos`),
  pixTitle: 'Pague com PIX',
  pixLead: 'Abra o app do seu banco e leia o QR Code ou use o código copia e cola.',
  pixCode: 'PIX copia e cola',
  copy: 'Copiar código',
  copied: 'Código copiado!',
  sandbox: 'Ambiente de testes:',
  simulate: 'Simular pagamento',
  waiting: 'Aguardando o pagamento. Esta página se atualiza sozinha.',
  paidTicketAccount: (email: string) =>
    `Pagamento recebido! Quando todos pagarem, o ingresso vai para a conta do e-mail ${email}, em Meus Ingressos.`,
  paidAllPaid: (email: string) =>
    `Pagamento recebido! Todos pagaram: o ingresso está na conta do e-mail ${email}, em Meus Ingressos.`,
  noAccount: 'Ainda não tem conta com este e-mail? Crie uma para receber o ingresso.',
  createAccount: 'Criar conta com este e-mail',
  seeTickets: 'Ver Meus Ingressos',
  completed: 'Todos pagaram! Os ingressos já estão nas contas de cada um, em Meus Ingressos.',
  expired:
    'O prazo terminou sem todos os pagamentos. Quem pagou recebe o valor de volta por PIX e os lugares foram liberados.',
  groupPage: 'Ver o pagamento do grupo',
  loginForGroup: 'Acesse sua conta para ver os pagamentos compartilhados.',
  linkInvalid: 'Link inválido ou expirado. Peça ao organizador para reenviar o e-mail.',
} as const;
