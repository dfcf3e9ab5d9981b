import { atom } from 'nanostores';
import {
  acceptFriendship,
  addFriendship,
  deleteFriendship,
  denyFriendship,
  fetchFriendlyAccept,
  fetchFriendships,
  updateFriendlyAccept,
} from '../api/friends.ts';
import { ApiError } from '../api/public-read.ts';
import type { FriendlyAccept, Friendship } from '../contracts/friends.ts';
import {
  FRIEND_ACCEPT_MESSAGES,
  FRIEND_ADD_MESSAGES,
  FRIEND_DELETE_MESSAGES,
  FRIEND_DENY_MESSAGES,
  FRIEND_SETTINGS_SAVED,
} from '../messages/friends.ts';
import { checkFriendRequest } from '../rules/friend-request.ts';
import { announceFriendship } from './chat.ts';
import { $user } from './session.ts';
import { showToast } from './toasts.ts';

/** Accepted friends (status 1). */
export const $friends = atom<readonly Friendship[]>([]);
/** Pending requests both ways (status 2). */
export const $friendRequests = atom<readonly Friendship[]>([]);
/** Whether the lists have been read once for the current customer. */
export const $friendsLoaded = atom(false);
/** The public-profile setting (docs/social.md: 1 public, 2 not). */
export const $friendlyAccept = atom<FriendlyAccept>(1);

function me(): { id: number; email: string } | null {
  const user = $user.get();
  return user ? { id: Number(user.id), email: user.user } : null;
}

function toastError(error: unknown, fallback: string): void {
  showToast({ kind: 'error', message: error instanceof ApiError ? error.message : fallback });
}

/** Reads both lists and the setting. Spec §8: list-load errors are silently ignored. */
export async function loadFriends(): Promise<void> {
  const user = me();
  if (!user) return;
  const [friends, requests] = await Promise.allSettled([
    fetchFriendships(user.id, 1),
    fetchFriendships(user.id, 2),
  ]);
  if (friends.status === 'fulfilled') $friends.set(friends.value);
  if (requests.status === 'fulfilled') $friendRequests.set(requests.value);
  $friendsLoaded.set(true);
}

/** Reads the public-profile setting (errors ignored: the default, public, stays). */
export async function loadFriendSettings(): Promise<void> {
  const user = me();
  if (!user) return;
  try {
    $friendlyAccept.set(await fetchFriendlyAccept(user.id));
  } catch {
    // Spec §8: load errors are silent.
  }
}

/** Accepts a received request, shows the spec's message, refreshes the lists. */
export async function acceptFriend(request: Friendship): Promise<boolean> {
  const user = me();
  if (!user) return false;
  try {
    await acceptFriendship(request.id, user.id);
    showToast({ kind: 'success', message: FRIEND_ACCEPT_MESSAGES.success });
    void announceFriendship(request.friend.id);
    return true;
  } catch (error) {
    toastError(error, FRIEND_ACCEPT_MESSAGES[500]);
    return false;
  } finally {
    await loadFriends();
  }
}

/** Denies a received request, shows the spec's message, refreshes the lists. */
export async function denyFriend(request: Friendship): Promise<boolean> {
  const user = me();
  if (!user) return false;
  try {
    await denyFriendship(request.id, user.id, request.friend.id);
    showToast({ kind: 'success', message: FRIEND_DENY_MESSAGES.success });
    return true;
  } catch (error) {
    toastError(error, FRIEND_DENY_MESSAGES[500]);
    return false;
  } finally {
    await loadFriends();
  }
}

/**
 * Removes a friend (or withdraws a sent request), shows the spec's message and refreshes
 * the lists, also on 404 (docs/social.md).
 */
export async function removeFriend(friendship: Friendship): Promise<boolean> {
  const user = me();
  if (!user) return false;
  try {
    await deleteFriendship(friendship.id, user.id, friendship.friend.id);
    showToast({ kind: 'success', message: FRIEND_DELETE_MESSAGES.success });
    return true;
  } catch (error) {
    toastError(error, FRIEND_DELETE_MESSAGES[500]);
    return false;
  } finally {
    await loadFriends();
  }
}

/** What became of an add: sent (also the 403 shown as success), or a field error to show. */
export interface AddFriendResult {
  ok: boolean;
  /** Message under the e-mail field, if any. */
  fieldError?: string;
}

/**
 * Sends a friend request to `email` (docs/social.md checks first, value trimmed). A 403 is shown as
 * the success "Pedido solicitado!"; a 404 also sets the field error "Email incorreto ou
 * inexistente!". The lists are refreshed after every call.
 */
export async function addFriend(email: string): Promise<AddFriendResult> {
  const user = me();
  if (!user) return { ok: false };
  const check = checkFriendRequest(email, user.email);
  if (!check.ok) {
    showToast({ kind: 'error', message: check.toast });
    return check.fieldError ? { ok: false, fieldError: check.fieldError } : { ok: false };
  }
  try {
    await addFriendship(user.id, check.email);
    showToast({ kind: 'success', message: FRIEND_ADD_MESSAGES.success });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      showToast({ kind: 'success', message: FRIEND_ADD_MESSAGES[403] });
      return { ok: true };
    }
    toastError(error, FRIEND_ADD_MESSAGES[500]);
    if (error instanceof ApiError && error.status === 404) {
      return { ok: false, fieldError: FRIEND_ADD_MESSAGES.notFoundField };
    }
    return { ok: false };
  } finally {
    await loadFriends();
  }
}

/** Saves the public-profile setting and shows "Configurações salvas com sucesso!". */
export async function saveFriendSettings(value: FriendlyAccept): Promise<boolean> {
  const user = me();
  if (!user) return false;
  try {
    await updateFriendlyAccept(user.id, value);
    $friendlyAccept.set(value);
    showToast({ kind: 'success', message: FRIEND_SETTINGS_SAVED });
    return true;
  } catch (error) {
    toastError(error, 'Erro ao salvar configurações!');
    return false;
  }
}
