import { formatCents } from '@plateia/core/format/money';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/** What the purchase confirmation says. */
export interface ConfirmationInput {
  to: string;
  name: string;
  orderNumber: string;
  eventName: string;
  totalCents: number;
  ticketCount: number;
  /** E-mails (other than the buyer's) whose accounts received tickets. */
  transferredTo: string[];
  /** The storefront's "Meus Ingressos" page. */
  ticketsUrl: string;
}

function wrap(title: string, paragraphs: string[], href: string, label: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const link = escapeHtml(href);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
${body}
<p style="margin:24px 0"><a href="${link}" style="background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="margin:32px 0 0;font-size:12px;color:#a0a0ab">Equipe Plateia. Seus ingressos ficam sempre na sua conta, nunca são enviados por e-mail.</p>
</div></body></html>`;
}

/** The buyer's pt-BR purchase confirmation. Tickets are never attached: they live in the account. */
export function purchaseConfirmationEmail(input: ConfirmationInput): MailMessage {
  const hello = input.name.trim() ? `Olá, ${input.name.trim()}!` : 'Olá!';
  const subject = `Compra confirmada: ${input.eventName}`;
  const count = input.ticketCount === 1 ? '1 ingresso' : `${input.ticketCount} ingressos`;
  const lines = [
    `Recebemos o pagamento do pedido ${input.orderNumber} (${formatCents(input.totalCents)}) para ${input.eventName}.`,
    `Seus ingressos (${count}) já estão na sua conta, em Meus Ingressos. Por segurança, eles não são enviados por e-mail e o QR Code muda constantemente: evite prints.`,
  ];
  if (input.transferredTo.length > 0) {
    lines.push(
      `Os ingressos em nome de outros e-mails (${input.transferredTo.join(', ')}) foram transferidos automaticamente para as contas desses e-mails.`,
    );
  }
  const text = [hello, '', ...lines, '', `Meus Ingressos: ${input.ticketsUrl}`, '', 'Equipe Plateia'].join(
    '\n',
  );
  const html = wrap(
    subject,
    [escapeHtml(hello), ...lines.map(escapeHtml)],
    input.ticketsUrl,
    'Ver Meus Ingressos',
  );
  return { to: input.to, subject, text, html };
}

/** Tells someone that tickets were bought for their e-mail and where to find them. */
export function ticketsReceivedEmail(input: {
  to: string;
  buyerEmail: string;
  eventName: string;
  ticketCount: number;
  hasAccount: boolean;
  ticketsUrl: string;
  signUpUrl: string;
}): MailMessage {
  const count = input.ticketCount === 1 ? '1 ingresso' : `${input.ticketCount} ingressos`;
  const subject = `Você recebeu ingressos para ${input.eventName}`;
  const lines = [
    `${input.buyerEmail} comprou ${count} para ${input.eventName} em seu nome.`,
    input.hasAccount
      ? 'Eles já estão na sua conta, em Meus Ingressos.'
      : 'Crie sua conta na Plateia com este e-mail e confirme o cadastro: os ingressos aparecerão em Meus Ingressos.',
  ];
  const href = input.hasAccount ? input.ticketsUrl : input.signUpUrl;
  const label = input.hasAccount ? 'Ver Meus Ingressos' : 'Criar Conta Gratuita';
  const text = ['Olá!', '', ...lines, '', `${label}: ${href}`, '', 'Equipe Plateia'].join('\n');
  return {
    to: input.to,
    subject,
    text,
    html: wrap(subject, ['Olá!', ...lines.map(escapeHtml)], href, label),
  };
}
