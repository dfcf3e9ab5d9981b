import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProviders } from './providers.ts';
import type { PaymentPurposes } from './purposes.ts';

/** What the payment flows use besides the database. */
export interface PaymentDeps {
  /** The PIX provider, the card gateway and their settings. */
  providers: PaymentProviders;
  /** The current time (tests drive it to expire reservations). */
  now: () => Date;
  /** Where refused notifications, provider failures and refunds to make are logged. */
  log: FastifyBaseLogger;
  /** Sends the purchase confirmations; without one, a sale sends no e-mail. */
  mailer?: Mailer | undefined;
  /** The storefront's address, for the links in the confirmations. */
  siteUrl: string;
  /** What paid charges are for and whose devoluções are: registered by the consumers (purposes.ts). */
  purposes: PaymentPurposes;
}
