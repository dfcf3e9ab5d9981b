/** The pt-BR e-mails of refunds. */
import { formatCents } from '@plateia/core/format/money';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/** The e-mail's page: the brand, the lines and one button. */
function page(subject: string, lines: string[], href: string, label: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
${lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
</div></body></html>`;
}

/** Asks the buyer for another PIX key: the devoluções to the paying account were not made. */
export function pixKeyNeededEmail(input: {
  to: string;
  name: string;
  amountCents: number;
  orderNumber: string;
  ticketsUrl: string;
}): MailMessage {
  const hello = input.name.trim() ? `Olá, ${input.name.trim()}!` : 'Olá!';
  const subject = 'Reembolso: informe outra chave PIX';
  const lines = [
    hello,
    `Tentamos devolver ${formatCents(input.amountCents)} do pedido ${input.orderNumber} para a conta que fez o PIX, mas o banco não aceitou a devolução.`,
    'Informe outra chave PIX em Meus Ingressos, no ingresso reembolsado, e enviamos o valor para ela na hora.',
  ];
  return {
    to: input.to,
    subject,
    text: `${lines.join('\n\n')}\n\n${input.ticketsUrl}\n`,
    html: page(subject, lines, input.ticketsUrl, 'Informar chave PIX'),
  };
}

/** What the event-cancelled e-mail says. */
export interface EventCancelledInput {
  to: string;
  name: string;
  eventName: string;
  amountCents: number;
  ticketCount: number;
  ticketsUrl: string;
}

/** Tells a buyer the producer cancelled the event and their money is on its way back, fee included. */
export function eventCancelledEmail(input: EventCancelledInput): MailMessage {
  const hello = input.name.trim() ? `Olá, ${input.name.trim()}!` : 'Olá!';
  const subject = `Evento cancelado: ${input.eventName}`;
  const count =
    input.ticketCount === 1
      ? 'seu ingresso foi cancelado'
      : `seus ${input.ticketCount} ingressos foram cancelados`;
  const lines = [
    hello,
    `O produtor cancelou ${input.eventName} e ${count}.`,
    `Estamos devolvendo ${formatCents(input.amountCents)}, com a taxa de serviço, pelo mesmo meio do pagamento: PIX para a conta que pagou, estorno no cartão ou saldo da carteira. Você não precisa fazer nada.`,
    'Acompanhe o reembolso em Meus Ingressos.',
  ];
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
${lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(input.ticketsUrl)}" style="background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">Ver Meus Ingressos</a></p>
</div></body></html>`;
  return { to: input.to, subject, text: `${lines.join('\n\n')}\n\n${input.ticketsUrl}\n`, html };
}
