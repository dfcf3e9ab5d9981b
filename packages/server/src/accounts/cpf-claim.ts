import { CPF_CLAIM_MESSAGES } from '@plateia/core/messages/profile';
import type { Database } from '../db/client.ts';
import { loggableError } from '../logging.ts';
import { createSupportRequest } from '../support/requests.ts';
import type { AccountMail } from './account-mail.ts';
import { cpfClaimedEmail } from './account-notices.ts';
import { type CpfClaimView, checkCpfClaim, recordCpfClaim } from './cpf.ts';
import { findCustomerById } from './customers.ts';

/** "Este CPF é meu": what the claimant sends. */
export interface CpfClaimInput {
  cpf: string;
  /** An identity document in which the CPF appears (PDF, JPEG or PNG, like the profile's). */
  fileBase64: string;
  fileName: string;
  note?: string | undefined;
}

/**
 * Opens a claim on a CPF another account holds (docs/accounts.md, "One CPF, one account"):
 * a support request in "Conta e acesso" carries the claimant's document to the team, the
 * claim freezes the CPF for the virtual queue on both accounts, and the holder is told how
 * to release it. The document and the request go through support's own checks and limits.
 */
export async function openCpfClaim(
  db: Database,
  deps: AccountMail & { dataDir: string; now: Date },
  customerId: number,
  input: CpfClaimInput,
): Promise<CpfClaimView> {
  const check = await checkCpfClaim(db, customerId, input.cpf);
  const requestId = await createSupportRequest(db, { dataDir: deps.dataDir, now: deps.now }, customerId, {
    subject: CPF_CLAIM_MESSAGES.requestSubject,
    category: 'conta',
    text: CPF_CLAIM_MESSAGES.requestText(check.cpf, input.note?.trim() ?? ''),
    attachments: [{ fileName: input.fileName, fileBase64: input.fileBase64 }],
  });
  const claim = await recordCpfClaim(db, customerId, check, requestId, deps.now);
  const holder = await findCustomerById(db, check.holderId);
  if (holder) {
    try {
      await deps.mailer.send(cpfClaimedEmail({ to: holder.email, name: holder.namef }));
    } catch (error) {
      // The claim stands either way; the holder also learns of it when the queue refuses the CPF.
      deps.log.error({ err: loggableError(error) }, 'CPF claim notice not sent');
    }
  }
  return claim;
}
