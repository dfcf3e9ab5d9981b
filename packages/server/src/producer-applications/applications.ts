import {
  PRODUCER_APPLICATION_MESSAGES,
  PRODUCER_AUDIENCE_SIZES,
  type ProducerAudienceSize,
} from '@plateia/core/messages/producer-application';
import { isValidEmail } from '@plateia/core/rules/email';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import type { Mailer } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import { HttpError } from '../plugins/errors.ts';
import { takeOrRefuse } from '../rate-limits/backoff.ts';
import type { RateLimitCounters } from '../rate-limits/counters.ts';

/**
 * Applications naming one e-mail address per day. The form is open to visitors, so the
 * address is anyone's: the limit keeps Plateia from being used to flood a stranger's inbox
 * (the per-IP limit of the route keeps one sender from flooding many).
 */
export const APPLICATIONS_PER_EMAIL_PER_DAY = 3;

/** A "Seja produtor" application as the form sends it. */
export interface ProducerApplicationInput {
  name: string;
  email: string;
  phone: string;
  company?: string | undefined;
  city?: string | undefined;
  audience: ProducerAudienceSize;
  event: string;
}

/** What storing and announcing an application needs. */
export interface ProducerApplicationDeps {
  mailer: Mailer;
  /** Where the producer team reads applications (`PRODUCER_TEAM_EMAIL`). */
  teamEmail: string;
  now: Date;
  /** The logged-in customer, when the applicant had a session. */
  customerId: number | null;
  /**
   * The logged-in customer's e-mail when it is verified: the only address Plateia sends
   * the applicant's confirmation to, since only then has the sender proven it is theirs.
   */
  verifiedEmail: string | null;
  /** Shared counters for the per-address limit. */
  counters: RateLimitCounters;
  /** Where a failed delivery is reported: the application is stored either way. */
  log: { error(details: object, message: string): void };
}

function clean(value: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return (value ?? '').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

/**
 * Stores an application and e-mails it to the producer team; the applicant gets a
 * confirmation of fixed text (nothing they typed) only at their own verified account's
 * address. 400 for a missing name, an invalid e-mail, a phone without DDD or an empty
 * description; 429 past `APPLICATIONS_PER_EMAIL_PER_DAY` for one address.
 */
export async function submitProducerApplication(
  db: Queryable,
  input: ProducerApplicationInput,
  deps: ProducerApplicationDeps,
): Promise<number> {
  const name = clean(input.name);
  const email = clean(input.email).toLowerCase();
  const phone = clean(input.phone);
  const event = clean(input.event);
  const company = clean(input.company);
  const city = clean(input.city);
  if (!name) throw new HttpError(400, PRODUCER_APPLICATION_MESSAGES.nameRequired, 'validation');
  if (!isValidEmail(email))
    throw new HttpError(400, PRODUCER_APPLICATION_MESSAGES.emailInvalid, 'validation');
  if (phone.replace(/\D/g, '').length < 10) {
    throw new HttpError(400, PRODUCER_APPLICATION_MESSAGES.phoneRequired, 'validation');
  }
  if (!event) throw new HttpError(400, PRODUCER_APPLICATION_MESSAGES.eventRequired, 'validation');
  await takeOrRefuse(
    deps.counters,
    {
      prefix: 'producer-application-email',
      points: APPLICATIONS_PER_EMAIL_PER_DAY,
      durationSeconds: 24 * 60 * 60,
    },
    email,
    PRODUCER_APPLICATION_MESSAGES.tooManyForEmail,
  );
  const row = await selectOne<{ id: number }>(
    db,
    sql`INSERT INTO producer_applications (name, email, phone, company, city, audience, event_description, customer_id, created_at)
        VALUES (${name}, ${email}, ${phone}, ${company}, ${city}, ${input.audience}, ${event}, ${deps.customerId},
                ${deps.now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  if (!row) throw new Error('producer application insert returned no row');
  const audience = PRODUCER_AUDIENCE_SIZES[input.audience];
  const facts: [string, string][] = [
    ['Nome', name],
    ['E-mail', email],
    ['Telefone', phone],
    ['Empresa', company || '-'],
    ['Cidade', city || '-'],
    ['Público esperado', audience],
    ['Evento', event],
  ];
  const team = deps.mailer.send({
    to: deps.teamEmail,
    subject: `Nova solicitação de produtor #${row.id}: ${name}`,
    text: [
      `Solicitação #${row.id} recebida pelo "Seja produtor".`,
      '',
      ...facts.map(([k, v]) => `${k}: ${v}`),
    ].join('\n'),
    html: `<!doctype html><html lang="pt-BR"><body><h1>Solicitação #${row.id}</h1><dl>${facts
      .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd style="white-space:pre-wrap">${escapeHtml(v)}</dd>`)
      .join('')}</dl></body></html>`,
  });
  const mails: Promise<unknown>[] = [team];
  if (deps.verifiedEmail !== null && deps.verifiedEmail.toLowerCase() === email) {
    mails.push(sendConfirmation(deps.mailer, email));
  }
  // Stored first, so a mail outage loses nothing: the team also reads the table.
  const sent = await Promise.allSettled(mails);
  for (const result of sent) {
    if (result.status === 'rejected')
      deps.log.error({ err: result.reason, applicationId: row.id }, 'producer application e-mail failed');
  }
  return row.id;
}

/** The applicant's confirmation: fixed text only, so the e-mail carries nothing a sender typed. */
function sendConfirmation(mailer: Mailer, email: string): Promise<unknown> {
  const lines = [
    'Olá!',
    'Recebemos sua solicitação para vender ingressos com a Plateia.',
    'Nossa equipe de produtores vai analisar as informações e entrar em contato em até 2 dias úteis.',
  ];
  return mailer.send({
    to: email,
    subject: 'Recebemos sua solicitação | Plateia para produtores',
    text: [...lines, '', 'Equipe Plateia'].join('\n'),
    html: `<!doctype html><html lang="pt-BR"><body style="background:#0f0f14;color:#ececf1;font-family:Arial,sans-serif"><div style="max-width:560px;margin:0 auto;padding:32px 24px">${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}<p style="font-size:12px;color:#a0a0ab">Equipe Plateia</p></div></body></html>`,
  });
}
