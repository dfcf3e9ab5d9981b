import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import type { StackInfo, StoredMail } from './stack.ts';

export { CHROMIUM_PATH, launchBrowser } from './chromium.ts';

/** The running stack's addresses. */
export function stack(): StackInfo {
  return inject('stack');
}

/** A fresh browser context (its own storage) on the storefront, in pt-BR. */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: stack().siteUrl, locale: 'pt-BR', viewport });
}

/** A unique e-mail address for one test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Waits for the outside SMTP server to receive a message to `to` whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  const { mailDir } = stack();
  while (Date.now() < deadline) {
    const mails = readdirSync(mailDir)
      .sort()
      .reverse()
      .map((file) => JSON.parse(readFileSync(join(mailDir, file), 'utf8')) as StoredMail);
    const found = mails.find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: StoredMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = mail.text.match(new RegExp(`${escaped}[^\\s"'<>]+`));
  if (!match) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return match[0];
}
