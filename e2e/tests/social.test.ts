import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, newContext, waitForMail } from '../support/browser.ts';
import { logInFromHeader } from '../support/shopping.ts';

// Two demo accounts the seed leaves unconnected (docs/social.md, "Demo data").
const PAULO = { email: 'produtor@plateia.dev', password: 'plateia123' } as const;
const JOAO = { email: 'joao.pereira@plateia.dev', password: 'plateia123' } as const;

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notificações' }).getByText(text);
const chatLine = (page: Page, text: string) => page.locator('.chat-log li', { hasText: text });

describe('friends, chat, support and "Seja produtor" in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('two accounts: request, accept, chat both ways with delivered, read and unread counts', async () => {
    const pauloContext = await newContext(browser);
    const joaoContext = await newContext(browser);
    const paulo = await pauloContext.newPage();
    const joao = await joaoContext.newPage();
    await paulo.goto('/');
    await logInFromHeader(paulo, PAULO);
    await joao.goto('/');
    await logInFromHeader(joao, JOAO);

    // Paulo reaches "Meus Amigos" from the avatar menu and asks João.
    await paulo.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    await paulo.getByRole('banner').getByRole('menuitem', { name: 'Meus Amigos' }).click();
    await paulo.waitForURL('**/friends');
    const field = paulo.getByLabel('E-mail do amigo');
    await paulo.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await toast(paulo, 'Preencha o campo de email!').waitFor();
    await paulo.getByText('Email obrigatório!').waitFor();
    await field.fill(`  ${PAULO.email} `);
    await paulo.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await toast(paulo, 'Você não pode adicionar você mesmo como amigo').waitFor();
    await field.fill('ninguem@plateia.dev');
    await paulo.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await paulo.getByText('Email incorreto ou inexistente!').waitFor();
    await field.fill(` ${JOAO.email} `);
    await paulo.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await toast(paulo, 'Pedido enviado com sucesso!').waitFor();
    await paulo.getByText('pedido enviado, aguardando resposta').waitFor();
    await expectAccessible(paulo, '/friends');

    // João accepts; Paulo moves to his friends list.
    await joao.goto('/friends');
    const request = joao
      .locator('.friend-row', { hasText: 'quer ser seu amigo' })
      .filter({ hasText: 'Paulo' });
    await request.getByRole('button', { name: 'Aceitar' }).click();
    await toast(joao, 'Amizade aceita com sucesso!').waitFor();
    const pauloRow = joao
      .locator('.friend-row', { hasText: 'Paulo' })
      .filter({ has: joao.getByRole('link', { name: /Conversar/ }) });
    await pauloRow.waitFor();

    // João opens the chat: no footer, the "now friends" line, and a message with markup.
    await pauloRow.getByRole('link', { name: /Conversar/ }).click();
    await joao.waitForURL(/\/friends\/\d+\/chat$/);
    expect(await joao.locator('footer.site-footer, body > footer').count()).toBe(0);
    await joao.getByRole('status').filter({ hasText: 'Conectado' }).waitFor();
    await chatLine(joao, 'Vocês agora são amigos. Digam olá!').waitFor();
    // The push stream (beyond the spec) answers on the storefront's origin as Server-Sent Events.
    const stream = await joao.evaluate(async () => {
      const token = localStorage.getItem('plateia:token');
      const [, friendId] = /\/friends\/(\d+)\/chat/.exec(location.pathname) ?? [];
      const me = JSON.parse(localStorage.getItem('plateia:user') ?? '{}') as { id: number };
      const low = Math.min(me.id, Number(friendId));
      const high = Math.max(me.id, Number(friendId));
      const abort = new AbortController();
      const response = await fetch(`/api/chat/stream?userId=${me.id}&chatRoomId=dm-${low}-${high}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      const reader = response.body?.getReader();
      const first = reader ? new TextDecoder().decode((await reader.read()).value) : '';
      abort.abort();
      return { type: response.headers.get('content-type'), first };
    });
    expect(stream.type).toContain('text/event-stream');
    expect(stream.first).toContain('retry:');
    await expectAccessible(joao, 'chat');
    await joao.getByLabel('Mensagem').fill('Oi Paulo <b>Tom</b> & Jerry');
    await joao.getByRole('button', { name: 'Enviar', exact: true }).click();
    const sent = chatLine(joao, 'Oi Paulo Tom & Jerry');
    await sent.waitFor();
    expect(await sent.textContent()).not.toContain('<b>');
    await expect.poll(() => sent.textContent(), { timeout: 15_000 }).toMatch(/Entregue|Enviada/);

    // Paulo sees the unread count on /friends (refreshed every 10 s), then reads.
    await paulo.goto('/friends');
    const joaoRow = paulo.locator('.friend-row', { hasText: 'João' });
    await joaoRow.locator('.unread-badge', { hasText: '1' }).waitFor({ timeout: 20_000 });
    await joaoRow.getByRole('link', { name: /Conversar/ }).click();
    await paulo.waitForURL(/\/friends\/\d+\/chat$/);
    await chatLine(paulo, 'Oi Paulo Tom & Jerry').waitFor();
    await paulo.getByLabel('Mensagem').fill('Oi João! Tudo certo?');
    await paulo.getByRole('button', { name: 'Enviar', exact: true }).click();

    // João's open chat receives it by polling (every 5 s), and his own message now reads "Lida".
    await chatLine(joao, 'Oi João! Tudo certo?').waitFor({ timeout: 15_000 });
    await joao.reload();
    await expect
      .poll(() => chatLine(joao, 'Oi Paulo Tom & Jerry').textContent(), { timeout: 15_000 })
      .toContain('Lida');
    // Paulo's reply was shown in João's open chat, so it is read too: no unread count left.
    await paulo.goto('/friends');
    await paulo.locator('.friend-row', { hasText: 'João' }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await paulo.locator('.friend-row', { hasText: 'João' }).locator('.unread-badge').count()).toBe(0);

    await pauloContext.close();
    await joaoContext.close();
  });

  it('opens a support request from the footer and finds it under "Meus suportes"', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await logInFromHeader(page, JOAO);
    await page.getByRole('link', { name: 'ABRIR SUPORTE' }).click();
    await page.waitForURL('**/support/create');
    await page.getByLabel('Assunto').waitFor();
    await expectAccessible(page, '/support/create');
    await page.getByLabel('Assunto').fill('Não recebi o ingresso');
    await page.getByLabel('Categoria').selectOption('ingressos');
    await page.getByLabel('Mensagem').fill('Comprei ontem e o ingresso não aparece.');
    await page.getByRole('button', { name: 'Enviar suporte' }).click();
    await page.waitForURL(/\/support\/\d+$/);
    await page.getByText('Comprei ontem e o ingresso não aparece.').waitFor();
    await page.getByLabel('Responder').fill('Mais um detalhe: paguei com PIX.');
    await page.getByRole('button', { name: 'Enviar resposta' }).click();
    await page.getByText('Mais um detalhe: paguei com PIX.').waitFor();
    await page.goto('/support');
    const item = page.locator('.support-item', { hasText: 'Não recebi o ingresso' });
    await item.getByText('Aberto').waitFor();
    await context.close();
  });

  it("sends a producer application that reaches the producer team, and writes nothing to a visitor's typed address", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'CRIE SEU EVENTO CONOSCO' }).click();
    await page.waitForURL('**/seja-produtor');
    await page.getByRole('heading', { name: 'PIX e cartão' }).waitFor();
    await page.getByRole('button', { name: 'Enviar solicitação' }).waitFor();
    await expectAccessible(page, '/seja-produtor');
    const email = `produtora-${Date.now().toString(36)}@example.com`;
    await page.getByLabel('Nome').fill('Beatriz Lima');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Telefone com DDD').fill('(11) 98888-7777');
    await page.getByLabel('Público esperado').selectOption('500-2000');
    await page.getByLabel('Conte sobre o seu evento').fill('Festival de jazz em Paraty');
    await page.getByRole('button', { name: 'Enviar solicitação' }).click();
    await page.getByRole('heading', { name: 'Solicitação enviada' }).waitFor();
    const team = await waitForMail('produtores@plateia.dev', /Beatriz Lima/);
    expect(team.text).toContain('Festival de jazz em Paraty');
    // A visitor's address is anyone's: the page's own answer is the confirmation.
    await expect(waitForMail(email, /./, 1_000)).rejects.toThrow(/no e-mail/);
    await context.close();
  });
});
