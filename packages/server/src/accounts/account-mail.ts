import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';

/** What the account flows need to e-mail a storefront link. */
export interface AccountMail {
  mailer: Mailer;
  /** The storefront's origin; links in e-mails point there. */
  siteUrl: string;
  /** Where a failed delivery is reported (the request's logger). */
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** A storefront page's absolute address with its query parameters. */
export function storefrontLink(siteUrl: string, path: string, params: Record<string, string>): string {
  const link = new URL(path, siteUrl);
  for (const [name, value] of Object.entries(params)) link.searchParams.set(name, value);
  return link.toString();
}
