import { atom, computed } from 'nanostores';
import {
  type CpfClaim,
  confirmEmail,
  createCustomer,
  type DocumentUpload,
  type DocumentUploadResult,
  type ErasureBlocker,
  eraseMyAccount,
  fetchCpfStanding,
  fetchCustomer,
  fetchErasureBlockers,
  fetchMyDataExport,
  googleSignInUrl,
  isUser,
  logInWithPassword,
  type ProfileFields,
  requestErasureCode,
  revokeSessionToken,
  type SignUpPayload,
  type SignUpResult,
  saveCustomerProfile,
  sendCpfClaim,
  sendCustomerDocument,
  sendRecoveryEmail,
  setRecoveredPassword,
  type User,
} from '../api/accounts.ts';
import { onUnauthorized } from '../api/client.ts';
import { SESSION_MESSAGES, SIGN_IN_MESSAGES } from '../messages/accounts.ts';
import {
  CPF_CLAIM_MESSAGES,
  ERASURE_MESSAGES,
  PROFILE_ANSWER_MESSAGES,
  PROFILE_MESSAGES,
} from '../messages/profile.ts';
import { isValidEmail } from '../rules/email.ts';
import { persistentAtom, readStorage, writeStorage } from './browser-storage.ts';
import { isSameSitePath, navigate, sameSitePath } from './navigation.ts';
import { $sessionToken, holdSessionInMemory } from './session-token.ts';
import { showToast } from './toasts.ts';

/**
 * The session side of the client core (docs/accounts.md): who is logged in, and
 * the account actions (login by salt then digest, Google sign-in, sign-up, documents,
 * recovery, profile, sign-out). State lives in browser storage under `plateia:*` and
 * follows other tabs; actions only change stores, and the stores persist themselves. The
 * requests and answers are mapped in api/accounts.ts.
 */

export type {
  DocumentUpload,
  DocumentUploadResult,
  ProfileFields,
  SignUpPayload,
  SignUpResult,
  User,
} from '../api/accounts.ts';
export { embeddingStorefront } from '../rules/origin.ts';
export { $sessionToken } from './session-token.ts';

/** Password recovery resend wait, docs/accounts.md. */
export const RECOVERY_WAIT_MS = 60_000;

/** How long the Google "Redirecionando..." notice stays without a page change, docs/accounts.md. */
export const GOOGLE_REDIRECT_RESET_MS = 5000;

/** How long a Google sign-in started in this tab may take to come back (the API host allows 10 minutes). */
export const GOOGLE_LOGIN_TTL_MS = 10 * 60 * 1000;

/** sessionStorage key of the Google sign-in this tab started: `{ nonce, at }`. */
const GOOGLE_LOGIN_KEY = 'plateia:googleLogin';

/** Authentication state (docs/accounts.md): unknown until {@link initSession} reads storage. */
export type AuthState = 'loading' | 'loggedOut' | 'loggedIn';

/** The logged-in user's record, mirrored in `plateia:user`; `null` when logged out. */
export const $user = persistentAtom<User | null>('plateia:user', null, {
  decode: (raw) => {
    const value: unknown = JSON.parse(raw);
    return isUser(value) ? value : undefined;
  },
});

/** Where to go after the next login (e.g. the checkout that asked for it), `plateia:redirectAfterLogin`. */
export const $redirectAfterLogin = persistentAtom<string | null>('plateia:redirectAfterLogin', null, {
  encode: (url) => url,
  decode: (raw) => (isSameSitePath(raw) ? raw : undefined),
});

/** True while the browser is being sent to Google (the dialog's "Redirecionando..." notice). */
export const $googleRedirecting = atom(false);

const $sessionRead = atom(false);

/**
 * `loading` until {@link initSession} has run (server rendering and the first paint show
 * skeletons), then `loggedIn` when both the user record and the token are stored.
 * Follows logins and logouts in other tabs through the persistent stores.
 */
export const $authState = computed(
  [$sessionRead, $user, $sessionToken],
  (read, user, token): AuthState => (!read ? 'loading' : user && token ? 'loggedIn' : 'loggedOut'),
);

const LAST_RECOVERY_KEY = 'plateia:lastRecoveryAt';
const SESSION_ID_KEY = 'plateia:sessionId';
let memorySessionId: string | null = null;

/**
 * A random UUID for this browser session (docs/accounts.md), kept in sessionStorage under
 * `plateia:sessionId`; it names the seat holds and the login's client. Without storage
 * it lives for the page; on the server every call gives a new one.
 */
export function sessionId(): string {
  // On the server one process renders for everyone: never share an id between visitors.
  if (typeof window === 'undefined') return crypto.randomUUID();
  // The stored id, else the one this page made when storage would not keep it, else a new
  // one; written back each time, so storage that works again picks it up.
  memorySessionId = readStorage(SESSION_ID_KEY, 'session') || memorySessionId || crypto.randomUUID();
  writeStorage(SESSION_ID_KEY, memorySessionId, 'session');
  return memorySessionId;
}

/** Forgets the user and the token locally (the server is told by {@link logout}). */
function clearSession(): void {
  $user.set(null);
  $sessionToken.set(null);
}

// A token the API host refuses (expired, revoked elsewhere) ends the session here too.
onUnauthorized(clearSession);

/**
 * Reads the stored session and leaves `loading` (docs/accounts.md). Call once in the browser;
 * a half-stored session (a user without a token) counts as logged out and is cleared.
 */
export function initSession(): AuthState {
  $user.reload();
  $sessionToken.reload();
  $redirectAfterLogin.reload();
  if (($user.get() === null) !== ($sessionToken.get() === null)) clearSession();
  $sessionRead.set(true);
  return $authState.get();
}

/** Remembers where to return after the next login; anything but a path on this site is ignored. */
export function setRedirectAfterLogin(url: string | null): void {
  $redirectAfterLogin.set(isSameSitePath(url) ? url : null);
}

function startSession(user: User, token: string): void {
  $user.set(user);
  $sessionToken.set(token);
  $sessionRead.set(true);
  showToast({ kind: 'success', message: SIGN_IN_MESSAGES.loginSuccess });
  const redirect = $redirectAfterLogin.get();
  if (redirect) {
    $redirectAfterLogin.set(null);
    navigate(redirect);
  }
}

/**
 * Signs in on a producer's page with the embed token the storefront's login popup sent
 * (docs/security.md "Contas em páginas de produtores"): token and `{ id, firstName }` stay in
 * memory, and the user record holds nothing else (no e-mail, document, phone or address).
 */
export function startEmbedSession(token: string, user: { id: number; firstName: string }): User {
  holdSessionInMemory();
  const record: User = { id: user.id, user: '', namef: user.firstName };
  $user.set(record);
  $sessionToken.set(token);
  $sessionRead.set(true);
  showToast({ kind: 'success', message: SIGN_IN_MESSAGES.loginSuccess });
  return record;
}

/**
 * Logs in with e-mail and password (docs/accounts.md): validates, gets the salt, sends
 * md5(salt + password), stores the user and token, shows "Login realizado com Sucesso"
 * and follows the stored redirect-after-login address. Rejects with an `Error` whose
 * message is the pt-BR text to show.
 */
export async function login(email: string, password: string): Promise<User> {
  const address = email.trim();
  if (!address || !password) throw new Error(SIGN_IN_MESSAGES.loginRequired);
  if (!isValidEmail(address)) throw new Error(SIGN_IN_MESSAGES.invalidEmail);
  const { user, token } = await logInWithPassword(address, password, sessionId(), {
    409: SIGN_IN_MESSAGES.loginUnverified,
    fallback: SIGN_IN_MESSAGES.loginFailed,
  });
  startSession(user, token);
  return user;
}

/**
 * Signs out (docs/accounts.md): tells the API host to revoke the token, then forgets the session
 * even when that call fails, so "Sair" always works offline.
 */
export async function logout(): Promise<void> {
  try {
    if ($sessionToken.get()) await revokeSessionToken();
  } catch {
    // The token expires on its own; the person asked to leave, so leave.
  } finally {
    clearSession();
  }
}

let uploadGrant: { customerId: number; token: string } | null = null;

/**
 * Creates an account (`POST /customer/add`) with the spec's defaults (status 1, uidcad 1,
 * country "Brasil", empty cpfnpj and passport). 408 rejects with "Usuário já existe",
 * anything else with the generic sign-up message. An upload grant in the answer is kept
 * in memory for {@link uploadDocument}.
 */
export async function signUp(payload: SignUpPayload): Promise<SignUpResult> {
  const answer = await createCustomer(payload, {
    408: SESSION_MESSAGES.signUpExists,
    // A CPF is on one account at a time: the answer says what to do (docs/accounts.md).
    409: PROFILE_ANSWER_MESSAGES.cpfTakenAtSignUp,
    fallback: SESSION_MESSAGES.signUpFailed,
  });
  uploadGrant = answer.uploadGrant ? { customerId: answer.id, token: answer.uploadGrant } : null;
  return { success: true, id: answer.id };
}

/**
 * Uploads an identity document or proof of address (`POST /customer-upload-document`),
 * right after sign-up (with the grant it answered) or later from the profile (with the
 * session). Rejects with the server's pt-BR message or a generic one.
 */
export async function uploadDocument(upload: DocumentUpload): Promise<DocumentUploadResult> {
  const grant = uploadGrant?.customerId === upload.customerId ? uploadGrant.token : null;
  return sendCustomerDocument(upload, grant, {
    fallback: SESSION_MESSAGES.uploadFailed,
    preferServerMessage: true,
  });
}

/**
 * Sends the password recovery e-mail (`POST /pwrecovery/{email}`), at most once a minute
 * per browser (the time is kept in `plateia:lastRecoveryAt`). Shows the spec's success
 * toast and resolves with its text; rejects with the too-soon or failure text.
 */
export async function requestPasswordRecovery(email: string): Promise<string> {
  const address = email.trim();
  if (!isValidEmail(address)) throw new Error(SIGN_IN_MESSAGES.invalidEmail);
  // No record reads as 0 and an unreadable one as NaN: neither is within the wait.
  if (Date.now() - Number(readStorage(LAST_RECOVERY_KEY)) < RECOVERY_WAIT_MS) {
    throw new Error(SIGN_IN_MESSAGES.recoveryTooSoon);
  }
  await sendRecoveryEmail(address, { fallback: SIGN_IN_MESSAGES.recoveryFailed });
  writeStorage(LAST_RECOVERY_KEY, String(Date.now()));
  const message = SIGN_IN_MESSAGES.recoverySent(address);
  showToast({ kind: 'success', message });
  return message;
}

/**
 * Sets a new password from the recovery link (docs/architecture.md): gets the salt, then
 * `POST /recovery/{token}/{md5(salt + newPassword)}`; resolves with the user it answers.
 * Does not log in: the page sends the person to the login dialog. A session of the same
 * account in this browser ends, since the API host revokes its tokens.
 */
export async function resetPassword(token: string, email: string, newPassword: string): Promise<User> {
  const address = email.trim();
  if (!isValidEmail(address)) throw new Error(SIGN_IN_MESSAGES.invalidEmail);
  const user = await setRecoveredPassword(token, address, newPassword, sessionId(), {
    fallback: SESSION_MESSAGES.resetFailed,
    preferServerMessage: true,
  });
  // A new password signs the account out everywhere on the server; mirror that here.
  if ($user.get()?.id === user.id) clearSession();
  return user;
}

/** Confirms the e-mail address from the verification link (`POST /customer/verify/{token}`). */
export async function verifyEmail(token: string): Promise<void> {
  await confirmEmail(token, { fallback: SESSION_MESSAGES.verifyFailed, preferServerMessage: true });
}

let googleResetTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends the browser to the API host's Google sign-in (`{api}/auth/google?returnTo=…`),
 * showing the "Redirecionando..." notice for up to 5 s (docs/accounts.md) in case the page stays.
 * `returnTo` (a path on this site, default the current one) goes with it and is kept with
 * this tab's nonce, so {@link completeGoogleLogin} ends where it started. It is kept in this
 * tab only: a sign-in abandoned at Google must not send another window's next login there.
 */
export function startGoogleLogin(returnTo?: string): void {
  // Only ever called in a browser (the dialog's Google button), so `location` is there.
  const here = location.pathname + location.search;
  const target = isSameSitePath(returnTo) ? returnTo : isSameSitePath(here) ? here : '/';
  $googleRedirecting.set(true);
  clearTimeout(googleResetTimer);
  googleResetTimer = setTimeout(() => $googleRedirecting.set(false), GOOGLE_REDIRECT_RESET_MS);
  // This tab's nonce: the callback must bring it back, or its token is not used.
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const nonce = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  writeStorage(GOOGLE_LOGIN_KEY, JSON.stringify({ nonce, at: Date.now(), returnTo: target }), 'session');
  navigate(googleSignInUrl(target, nonce));
}

/** The Google sign-in this tab started, taken once when `login` is its nonce and recent. */
function takePending(login: string | null | undefined): { returnTo: string | null } | null {
  const raw = readStorage(GOOGLE_LOGIN_KEY, 'session');
  writeStorage(GOOGLE_LOGIN_KEY, null, 'session');
  if (!raw || !login) return null;
  try {
    const pending = JSON.parse(raw) as { nonce?: unknown; at?: unknown; returnTo?: unknown } | null;
    const age = Date.now() - Number(pending?.at);
    if (pending?.nonce !== login || !(age >= 0 && age < GOOGLE_LOGIN_TTL_MS)) return null;
    return { returnTo: sameSitePath(pending.returnTo) };
  } catch {
    return null;
  }
}

/**
 * Takes (once) the Google sign-in this tab started: true when there is one, recent, and
 * `login` (the nonce the callback brought back) is its own. Anything else means the
 * callback did not come from a sign-in this tab asked for.
 */
export function takePendingGoogleLogin(login: string | null | undefined): boolean {
  return takePending(login) !== null;
}

/**
 * Finishes Google sign-in on the callback page with the token from the URL fragment, but
 * only for the sign-in this tab started (`login`, the nonce it sent, must come back): a
 * token from anywhere else (login CSRF: a link that would sign the person into someone
 * else's account) is refused without being used. Then reads `GET /customer/me` with it
 * and stores user and token exactly as a password login does (toast, then to `returnTo`,
 * else where the sign-in started, else the redirect-after-login address, else home).
 */
export async function completeGoogleLogin(
  token: string,
  callback: { login: string | null | undefined; returnTo?: string | null },
): Promise<User> {
  clearTimeout(googleResetTimer);
  $googleRedirecting.set(false);
  const pending = takePending(callback.login);
  if (!pending) throw new Error(SESSION_MESSAGES.googleNotStarted);
  const target = sameSitePath(callback.returnTo) ?? pending.returnTo;
  if (target) $redirectAfterLogin.set(target);
  else if (!$redirectAfterLogin.get()) $redirectAfterLogin.set('/');
  const user = await fetchCustomer({ fallback: SESSION_MESSAGES.googleFailed }, token);
  startSession(user, token);
  return user;
}

function requireLoggedIn(): User {
  const user = $user.get();
  if (!user || !$sessionToken.get()) throw new Error(SESSION_MESSAGES.notLoggedIn);
  return user;
}

/** Reloads the logged-in user's record (`GET /customer/me`) into `$user`. */
export async function fetchProfile(): Promise<User> {
  requireLoggedIn();
  const user = await fetchCustomer({ fallback: SESSION_MESSAGES.profileLoadFailed });
  $user.set(user);
  return user;
}

/**
 * "Baixar meus dados": the JSON text of everything the API host holds about the logged-in
 * customer. Rejects with a pt-BR message (too soon after the last one, or a failure).
 */
export async function fetchMyData(): Promise<string> {
  requireLoggedIn();
  return fetchMyDataExport({ 429: PROFILE_MESSAGES.dataTooSoon, fallback: PROFILE_MESSAGES.dataFailed });
}

/**
 * "Este CPF é meu": the customer's latest claim and whether the CPF on their own profile is
 * claimed by someone else (docs/accounts.md, "One CPF, one account").
 */
export function fetchMyCpfStanding(): Promise<{ claim: CpfClaim | null; disputed: boolean }> {
  requireLoggedIn();
  return fetchCpfStanding({ fallback: CPF_CLAIM_MESSAGES.loadFailed });
}

/** Claims a CPF another account holds, with an identity document; resolves with the claim. */
export function claimCpf(claim: {
  cpf: string;
  fileBase64: string;
  fileName: string;
  note?: string;
}): Promise<{ message: string; claim: CpfClaim }> {
  requireLoggedIn();
  return sendCpfClaim(claim, { fallback: CPF_CLAIM_MESSAGES.failed, preferServerMessage: true });
}

/**
 * "Excluir minha conta", first step: what keeps the account now (money, tickets or
 * transfers in flight), each with its pt-BR reason. Empty when it may be erased.
 */
export function fetchAccountErasureBlockers(): Promise<ErasureBlocker[]> {
  requireLoggedIn();
  return fetchErasureBlockers({ fallback: ERASURE_MESSAGES.failed });
}

/** E-mails the 6-digit code that confirms the erasure; rejects with the API host's reason. */
export function sendAccountErasureCode(): Promise<void> {
  requireLoggedIn();
  return requestErasureCode({ fallback: ERASURE_MESSAGES.failed, preferServerMessage: true });
}

/**
 * Erases the account with the e-mailed code (docs/accounts.md, "Erasure"). The API host has
 * ended every session by then, so the session is only forgotten here, not revoked.
 */
export async function eraseAccount(code: string): Promise<void> {
  requireLoggedIn();
  await eraseMyAccount(code.trim(), { fallback: ERASURE_MESSAGES.failed, preferServerMessage: true });
  clearSession();
}

/**
 * Saves profile fields (`POST /customer/edit` with the user's id and e-mail plus the
 * fields) and updates `$user`: with the record the server answers, or else by merging the
 * saved fields. Rejects with the server's pt-BR validation message or a generic one.
 */
export async function updateProfile(fields: ProfileFields): Promise<User> {
  const current = requireLoggedIn();
  const answered = await saveCustomerProfile(
    { user: current.user, ...fields, id: current.id },
    { fallback: SESSION_MESSAGES.profileFailed, preferServerMessage: true },
  );
  // Without an answered record, the saved fields are merged into the one we have.
  const updated = answered ?? { ...current, ...fields };
  $user.set(updated);
  return updated;
}
