/**
 * The pt-BR e-mails of shared payments: the invitation with a share's link (sent at creation
 * and on the leader's resend) and the notice that a group closed without every share.
 * Completion is told by the purchase confirmations (payments/confirmation-email.ts).
 */
import { formatDateTime } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

function wrap(title: string, paragraphs: string[], action: { href: string; label: string } | null): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#a0a0ab">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(action.href)}</span></p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
${body}${button}
<p style="margin:32px 0 0;font-size:12px;color:#a0a0ab">Equipe Plateia. Seus ingressos ficam sempre na sua conta, nunca são enviados por e-mail.</p>
</div></body></html>`;
}

/** A friend's invitation: the event, their share, the deadline and the link to pay by PIX. */
export function invitationEmail(input: {
  to: string;
  leaderName: string | null;
  eventName: string;
  amountCents: number;
  tickets: number;
  deadline: Date;
  link: string;
}): MailMessage {
  const who = input.leaderName ?? 'Um amigo';
  const subject = `${who} dividiu com você os ingressos de ${input.eventName}`;
  const tickets = input.tickets === 1 ? '1 ingresso' : `${input.tickets} ingressos`;
  const lines = [
    `${who} está comprando ingressos para ${input.eventName} e dividiu o pagamento com você.`,
    input.tickets > 0
      ? `Sua parte é ${formatCents(input.amountCents)} e você recebe ${tickets}.`
      : `Sua parte é ${formatCents(input.amountCents)}.`,
    `Pague por PIX até ${formatDateTime(input.deadline)} (horário de Brasília). Você não precisa de conta para pagar; para receber o ingresso, tenha uma conta Plateia com este e-mail.`,
    'Se alguém não pagar até o prazo, quem pagou recebe o valor de volta por PIX.',
  ];
  const text = ['Olá!', '', ...lines, '', `Pagar minha parte: ${input.link}`, '', 'Equipe Plateia'].join(
    '\n',
  );
  return {
    to: input.to,
    subject,
    text,
    html: wrap(subject, ['Olá!', ...lines], { href: input.link, label: 'Pagar minha parte' }),
  };
}

/** The group closed without every share: who paid gets the money back, the seats are free. */
export function groupExpiredEmail(input: {
  to: string;
  eventName: string;
  orderNumber: string;
  paidCents: number;
  /** The group's page (the leader) or the share's page under a fresh link (a friend). */
  detailsUrl: string;
}): MailMessage {
  const subject = `Pagamento em grupo encerrado: ${input.eventName}`;
  const lines = [
    `O prazo do pagamento em grupo do pedido ${input.orderNumber} (${input.eventName}) terminou sem todos os pagamentos, e o pedido foi cancelado.`,
    input.paidCents > 0
      ? `Os ${formatCents(input.paidCents)} pagos voltam para as contas de onde vieram, por devolução PIX. Quem pagou não precisa fazer nada.`
      : 'Nenhuma parte foi paga, então não há valores a devolver.',
  ];
  const text = ['Olá!', '', ...lines, '', `Detalhes: ${input.detailsUrl}`, '', 'Equipe Plateia'].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html: wrap(subject, ['Olá!', ...lines], { href: input.detailsUrl, label: 'Ver detalhes' }),
  };
}
