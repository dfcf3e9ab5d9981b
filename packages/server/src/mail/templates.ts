import type { MailMessage } from './mailer.ts';

/** Escapes text for HTML bodies: names come from sign-up forms. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, paragraphs: string[], action: { label: string; href: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const href = escapeHtml(action.href);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#0f0f14;color:#ececf1;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:22px;margin:0 0 24px">Plateia</h1>
${body}
<p style="margin:24px 0"><a href="${href}" style="background:#7c5cff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#a0a0ab">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${href}</span></p>
<p style="margin:32px 0 0;font-size:12px;color:#a0a0ab">Equipe Plateia. Seus ingressos ficam sempre na sua conta, nunca são enviados por e-mail.</p>
</div></body></html>`;
}

function greeting(name: string): string {
  const first = name.trim();
  return first ? `Olá, ${first}!` : 'Olá!';
}

/** The wording of an e-mail that carries one single-use link (greeting and signature aside). */
export interface LinkEmailWording {
  subject: string;
  /** What to do, ending before the link in the text part ("…acessando o link abaixo:"). */
  leadText: string;
  /** The same sentence for the HTML part, pointing at the button. */
  leadHtml: string;
  /** How long the link lasts, then what to do if the message was not expected. */
  validity: string;
  ignore: string;
  button: string;
}

/** A link e-mail in both parts: greeting, lead, the link, validity and "ignore" note. */
export function linkEmail(
  input: { to: string; name: string; link: string },
  wording: LinkEmailWording,
): MailMessage {
  const hello = greeting(input.name);
  const text = [
    hello,
    '',
    wording.leadText,
    input.link,
    '',
    wording.validity,
    wording.ignore,
    '',
    'Equipe Plateia',
  ].join('\n');
  const html = layout(
    wording.subject,
    [escapeHtml(hello), wording.leadHtml, `${wording.validity} ${wording.ignore}`],
    { label: wording.button, href: input.link },
  );
  return { to: input.to, subject: wording.subject, text, html };
}

/** Validity stated in the verification e-mail; must match VERIFY_TOKEN_TTL_MS. */
const VERIFY_VALIDITY = '7 dias';

/** The sign-up confirmation e-mail with its single-use link. */
export function verificationEmail(input: { to: string; name: string; link: string }): MailMessage {
  return linkEmail(input, {
    subject: 'Confirme seu e-mail na Plateia',
    leadText: 'Falta pouco para você aproveitar a Plateia. Confirme seu e-mail acessando o link abaixo:',
    leadHtml: 'Falta pouco para você aproveitar a Plateia. Confirme seu e-mail pelo botão abaixo.',
    validity: `O link vale por ${VERIFY_VALIDITY} e só pode ser usado uma vez.`,
    ignore: 'Se você não criou uma conta na Plateia, ignore esta mensagem.',
    button: 'Confirmar e-mail',
  });
}

/** The password recovery e-mail with its single-use, one-hour link. */
export function recoveryEmail(input: { to: string; name: string; link: string }): MailMessage {
  return linkEmail(input, {
    subject: 'Recuperação de senha da Plateia',
    leadText: 'Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, acesse:',
    leadHtml:
      'Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, use o botão abaixo.',
    validity: 'O link vale por 1 hora e só pode ser usado uma vez.',
    ignore: 'Se você não fez esse pedido, ignore esta mensagem: sua senha continua a mesma.',
    button: 'Criar nova senha',
  });
}

/**
 * The notice that someone sent the recipient a ticket. It carries no ticket and no code
 * (tickets live only in the account): the link opens "Meus Ingressos", where an account
 * accepts it, and a new e-mail receives it on sign-up and verification.
 */
export function ticketTransferEmail(input: {
  to: string;
  fromEmail: string;
  eventName: string;
  link: string;
}): MailMessage {
  const subject = `${input.fromEmail} transferiu um ingresso para você`;
  const lead = `${input.fromEmail} transferiu para você um ingresso de ${input.eventName} na Plateia.`;
  const how =
    'Se você já tem conta com este e-mail, aceite a transferência em Meus Ingressos. Se ainda não tem, crie sua conta com este e-mail e confirme-o: o ingresso entra na sua conta sozinho.';
  const note =
    'Os ingressos ficam só na conta, nunca no e-mail. Se você não esperava este ingresso, ignore esta mensagem.';
  const text = ['Olá!', '', lead, '', how, input.link, '', note, '', 'Equipe Plateia'].join('\n');
  const html = layout(subject, ['Olá!', escapeHtml(lead), escapeHtml(how), escapeHtml(note)], {
    label: 'Abrir Meus Ingressos',
    href: input.link,
  });
  return { to: input.to, subject, text, html };
}

/**
 * The notice that Google sign-in was linked to the recipient's existing account. Sent every
 * time it happens, so an owner who did not do it hears of it. When the account had never
 * been confirmed, it also says that what that sign-up supplied was discarded.
 */
export function googleLinkedEmail(input: {
  to: string;
  name: string;
  link: string;
  discarded: boolean;
}): MailMessage {
  const subject = 'Sua conta Plateia agora entra com o Google';
  const lead = `O login com Google foi conectado à sua conta Plateia (${input.to}). A partir de agora você pode entrar com o botão "Fazer Login com Google".`;
  const discarded =
    'Como este e-mail ainda não tinha sido confirmado, descartamos a senha, os dados de perfil e os documentos enviados naquele cadastro: alguém pode tê-lo feito com o seu endereço. Confira seu perfil e, se quiser entrar também com senha, use "Esqueci minha senha".';
  const notYou =
    'Se não foi você, proteja sua conta do Google e fale com o suporte da Plateia pela página de ajuda.';
  const paragraphs = [lead, ...(input.discarded ? [discarded] : []), notYou];
  const hello = greeting(input.name);
  const lines = [hello, '', ...paragraphs.flatMap((p) => [p, '']), input.link, '', 'Equipe Plateia'];
  const text = lines.join('\n');
  const html = layout(subject, [escapeHtml(hello), ...paragraphs.map(escapeHtml)], {
    label: 'Ver meu perfil',
    href: input.link,
  });
  return { to: input.to, subject, text, html };
}
