/** The stand-in's pt-BR pages: the sign-in form and the expired-session notice. */
import { escapeHtml } from '../../mail/templates.ts';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f0f14;color:#ececf1;font-family:system-ui,sans-serif}
form{background:#1b1b24;padding:32px;border-radius:12px;width:min(360px,90vw)}h1{font-size:20px;margin:0 0 8px}p{color:#a0a0ab;font-size:14px}
label{display:block;margin:16px 0 6px}input{width:100%;box-sizing:border-box;padding:10px;border-radius:8px;border:1px solid #3a3a48;background:#0f0f14;color:#ececf1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#7c5cff;color:#fff;font-weight:600;cursor:pointer}.erro{color:#ff6b6b}</style></head>
<body>${body}</body></html>`;
}

/** The form that asks for the e-mail to sign in as, with the last attempt's error if any. */
export function loginForm(uid: string, error?: string): string {
  return page(
    'Entrar com Google (simulado)',
    `<form method="post" action="/interaction/${escapeHtml(uid)}">
<h1>Entrar com Google (simulado)</h1>
<p>Ambiente de desenvolvimento: informe qualquer e-mail para entrar. Ele será tratado como verificado.</p>
${error ? `<p class="erro" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">Continuar</button>
</form>`,
  );
}

/** What a sign-in whose interaction is gone (or broken) shows. */
export function expiredPage(): string {
  return page('Erro', '<form><h1>Sessão de login expirada</h1><p>Volte à loja e tente novamente.</p></form>');
}
