import type { ProfileDetails } from '@plateia/core/contracts/profile';
import { PROFILE_ANSWER_MESSAGES } from '@plateia/core/messages/profile';
import type { Queryable } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { isTrustedAvatar } from './avatar.ts';
import { type CustomerRow, updateCustomer } from './customers.ts';
import { normalizeProfile, requireName } from './profile.ts';

/** What the profile form sends besides the customer id (spec §3); absent fields stay. */
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
 * name, gives an unusable photo address or a bad profile field.
 */
export async function editProfile(
  db: Queryable,
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
  return updateCustomer(db, customer.id, {
    ...normalizeProfile(input, now),
    namef,
    namel: input.namel?.trim(),
    passport: input.passport?.trim(),
    country: input.country === undefined ? undefined : input.country.trim() || 'Brasil',
    avatar,
    updated_at: now,
  });
}
