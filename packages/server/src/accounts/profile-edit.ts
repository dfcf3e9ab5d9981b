import type { ProfileDetails } from '@plateia/core/contracts/profile';
import { PROFILE_ANSWER_MESSAGES } from '@plateia/core/messages/profile';
import type { Database } from '../db/client.ts';
import { HttpError } from '../plugins/errors.ts';
import { isTrustedAvatar } from './avatar.ts';
import { cpfTakenError, isCpfTaken, releaseCpf } from './cpf.ts';
import { type CustomerRow, findCustomerById, updateCustomer } from './customers.ts';
import { normalizeProfile, requireName } from './profile.ts';

/** What the profile form sends besides the customer id (docs/accounts.md); absent fields stay. */
export interface ProfileEditInput extends ProfileDetails {
  user?: string;
  namef?: string;
  namel?: string;
  passport?: string;
  country?: string;
  avatar?: string;
}

/**
 * Changes the logged-in customer's profile and answers the updated row (null when the
 * account is gone). Throws 400 when the form tries to change the login e-mail, blanks the
 * name, gives an unusable photo address or a bad profile field, and 409 when another
 * account has the CPF (one CPF, one account: docs/accounts.md). A CPF the customer removes
 * or replaces while someone claims it goes to the claimant in the same transaction.
 */
export async function editProfile(
  db: Database,
  customer: { id: number; email: string },
  input: ProfileEditInput,
  now: Date,
): Promise<CustomerRow | null> {
  if (input.user !== undefined && input.user.trim().toLowerCase() !== customer.email.toLowerCase()) {
    // Changing the login e-mail would need a new confirmation; the profile form does not do it.
    throw new HttpError(400, PROFILE_ANSWER_MESSAGES.emailLocked, 'validation');
  }
  const namef = input.namef === undefined ? undefined : requireName(input.namef);
  const avatar = input.avatar?.trim();
  if (avatar && !isTrustedAvatar(avatar)) {
    throw new HttpError(400, PROFILE_ANSWER_MESSAGES.avatarUrlInvalid, 'validation');
  }
  const profile = normalizeProfile(input, now);
  try {
    return await db.transaction(async (tx) => {
      const before = profile.cpfnpj === undefined ? null : await findCustomerById(tx, customer.id);
      const row = await updateCustomer(tx, customer.id, {
        ...profile,
        namef,
        namel: input.namel?.trim(),
        passport: input.passport?.trim(),
        country: input.country === undefined ? undefined : input.country.trim() || 'Brasil',
        avatar,
        updated_at: now,
      });
      if (before && row && before.cpfnpj !== row.cpfnpj) await releaseCpf(tx, before.cpfnpj, now);
      return row;
    });
  } catch (error) {
    if (isCpfTaken(error)) throw cpfTakenError();
    throw error;
  }
}
