import {
  FRIEND_EMAIL_REQUIRED_FIELD,
  FRIEND_EMAIL_REQUIRED_TOAST,
  FRIEND_SELF_ADD,
} from '../messages/friends.ts';

/** The add-friend field checked (docs/social.md): the e-mail to send, or what to show instead. */
export type FriendRequestCheck =
  | { ok: true; email: string }
  | { ok: false; toast: string; fieldError?: string };

/**
 * Spec §5: the e-mail must not be blank (toast "Preencha o campo de email!" and field error
 * "Email obrigatório!"), must not be the customer's own login, and is sent trimmed.
 */
export function checkFriendRequest(value: string, ownEmail: string): FriendRequestCheck {
  const email = value.trim();
  if (!email)
    return { ok: false, toast: FRIEND_EMAIL_REQUIRED_TOAST, fieldError: FRIEND_EMAIL_REQUIRED_FIELD };
  if (email.toLowerCase() === ownEmail.trim().toLowerCase()) return { ok: false, toast: FRIEND_SELF_ADD };
  return { ok: true, email };
}
