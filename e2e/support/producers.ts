/**
 * What the producer area's browser tests repeat: a browser whose pages are closed at the
 * end, the confirmation toasts, a new account that creates an organisation and opens its
 * page, and someone joining the team through the e-mailed invitation.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newVerifiedAccount, TEST_PASSWORD, validCpf } from './accounts.ts';
import { launchBrowser, linkIn, newContext, stack, uniqueEmail, waitForMail } from './browser.ts';
import { logInFromHeader } from './shopping.ts';

/** The toast that says `text` (the producer area confirms every change with one). */
export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** A browser for one test file: `page()` opens a page in a fresh context; `close()` ends them all. */
export interface ProducerBrowser {
  page(): Promise<Page>;
  close(): Promise<void>;
}

/** Launches Chromium; call `close()` in `afterAll`. */
export async function producerBrowser(): Promise<ProducerBrowser> {
  const browser: Browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    async page() {
      const context = await newContext(browser);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close();
      await browser.close();
    },
  };
}

/** A producer made by `newProducer`. */
export interface NewProducer {
  email: string;
  organisationName: string;
  /** The organisation's page, `/produtor/organizacoes/{id}`, as an absolute URL. */
  organisationUrl: string;
}

/**
 * Signs a new account up, confirms its e-mail, logs in at `/produtor`, creates an
 * organisation there and opens the organisation's page.
 */
export async function newProducer(
  page: Page,
  person: { first: string; last: string; organisationName: string; email?: string },
): Promise<NewProducer> {
  const email = person.email ?? uniqueEmail(person.first.toLowerCase());
  await newVerifiedAccount(page, person.first, person.last, email);
  await page.goto('/produtor');
  await logInFromHeader(page, { email, password: TEST_PASSWORD });
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Criar organização' }) });
  await form.getByLabel('Nome da organização').fill(person.organisationName);
  await form.getByLabel('CPF ou CNPJ').fill(validCpf());
  await form.getByLabel('E-mail de contato').fill(email);
  await form.getByLabel('Telefone com DDD').fill('11987654321');
  await form.getByRole('button', { name: 'Criar organização' }).click();
  await toast(page, `Organização "${person.organisationName}" criada.`).waitFor();
  await page
    .locator('.producer-item', { hasText: person.organisationName })
    .getByRole('link', { name: new RegExp(person.organisationName) })
    .click();
  await page.waitForURL(/\/produtor\/organizacoes\/\d+$/);
  return { email, organisationName: person.organisationName, organisationUrl: page.url() };
}

/** Invites `email` from the organisation's page open in `owner`, with the role named `roleLabel`. */
export async function invite(owner: Page, email: string, roleLabel: string): Promise<void> {
  await owner.getByLabel('E-mail da pessoa').fill(email);
  await owner.getByLabel('Papel', { exact: true }).selectOption({ label: roleLabel });
  await owner.getByRole('button', { name: 'Convidar' }).click();
  await toast(owner, 'Convite enviado.').waitFor();
}

/**
 * A new account at `email` joins the team: it signs up, opens the invitation the owner's
 * page sent (`invite`), logs in and accepts.
 */
export async function joinByInvitation(
  guest: Page,
  person: { first: string; last: string; email: string },
): Promise<void> {
  await newVerifiedAccount(guest, person.first, person.last, person.email);
  const invitation = await waitForMail(person.email, /Convite para uma equipe/);
  await guest.goto(linkIn(invitation, `${stack().siteUrl}/produtor/convite#`));
  await logInFromHeader(guest, { email: person.email, password: TEST_PASSWORD });
  await guest.getByRole('button', { name: 'Aceitar convite' }).click();
  await guest.getByRole('heading', { name: 'Convite aceito. Bem-vindo à equipe!' }).waitFor();
}
