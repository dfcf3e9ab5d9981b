import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

/**
 * E-mails about the account itself that carry no link to act on: the notice that someone
 * claims the account's CPF, the code that confirms an erasure, and its receipt.
 */

function plainEmail(to: string, subject: string, name: string, paragraphs: string[]): MailMessage {
  const hello = name.trim() ? `Olá, ${name.trim()}!` : 'Olá!';
  const text = [hello, '', ...paragraphs.flatMap((p) => [p, '']), 'Equipe Plateia'].join('\n');
  const body = [hello, ...paragraphs].map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px"><h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
${body}<p style="margin:32px 0 0;font-size:12px;color:#a0a0ab">Equipe Plateia</p></div></body></html>`;
  return { to, subject, text, html };
}

/** To the account holding a CPF someone else says is theirs. */
export function cpfClaimedEmail(input: { to: string; name: string }): MailMessage {
  return plainEmail(input.to, 'O CPF da sua conta Plateia está em análise', input.name, [
    'Outra pessoa informou que o CPF cadastrado na sua conta é dela e enviou um documento para a nossa equipe analisar.',
    'Enquanto a análise não termina, esse CPF não garante lugar em filas virtuais de nenhuma conta. Suas compras e ingressos não mudam.',
    'Se o CPF não é seu, retire-o em Minha Conta: ele passa para quem o pediu e o caso se encerra. Se é seu, abra um suporte em "Conta e acesso" com um documento seu em que ele apareça.',
  ]);
}

/** The code that confirms "Excluir minha conta". */
export function erasureCodeEmail(input: {
  to: string;
  name: string;
  code: string;
  minutes: number;
}): MailMessage {
  return plainEmail(input.to, `Código para excluir sua conta Plateia: ${input.code}`, input.name, [
    `Seu código para confirmar a exclusão da conta é ${input.code}. Ele vale por ${input.minutes} minutos.`,
    'A exclusão é definitiva: seus dados pessoais são apagados e você não poderá mais entrar com esta conta.',
    'Se não foi você que pediu, ignore este e-mail e troque sua senha: sem o código ninguém exclui sua conta.',
  ]);
}

/** The receipt sent to the address the account had, once it is erased. */
export function erasedEmail(input: { to: string; name: string }): MailMessage {
  return plainEmail(input.to, 'Sua conta Plateia foi excluída', input.name, [
    'Sua conta foi excluída e seus dados pessoais foram apagados.',
    'Guardamos apenas o que a lei exige (pedidos, pagamentos e lançamentos contábeis), sem seu nome, e-mail ou CPF.',
    'Este é o último e-mail que enviamos a este endereço sobre esta conta.',
  ]);
}
