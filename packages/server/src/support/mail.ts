import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/** The e-mail telling a customer the support team answered their request. */
export function staffReplyEmail(input: {
  to: string;
  name: string;
  subject: string;
  reply: string;
  link: string;
}): MailMessage {
  const hello = input.name.trim() ? `Olá, ${input.name.trim()}!` : 'Olá!';
  const subject = `Resposta ao seu suporte: ${input.subject}`;
  const text = [
    hello,
    '',
    `A equipe Plateia respondeu ao seu suporte "${input.subject}":`,
    '',
    input.reply,
    '',
    `Veja a conversa e responda em: ${input.link}`,
    '',
    'Equipe Plateia',
  ].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
<p>${escapeHtml(hello)}</p>
<p>A equipe Plateia respondeu ao seu suporte <strong>${escapeHtml(input.subject)}</strong>:</p>
<blockquote style="margin:16px 0;padding:12px 16px;border-left:3px solid #7c5cff;white-space:pre-wrap">${escapeHtml(input.reply)}</blockquote>
<p><a href="${escapeHtml(input.link)}" style="color:#b7a6ff">Ver a conversa e responder</a></p>
<p style="font-size:12px;color:#a0a0ab">Equipe Plateia</p>
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
