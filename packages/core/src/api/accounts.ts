/**
 * The account calls (docs/accounts.md): login by salt then digest, sign-out,
 * sign-up, documents, password recovery, e-mail verification, the customer record and
 * the profile edit. Every request and answer shape of the account side is mapped here,
 * including the API host's login scheme (md5 of salt and password); the session store
 * (stores/session.ts) keeps the state and the pt-BR texts, and passes each call the
 * messages its failures show. Failures reject with an `ApiError`.
 */
import type { ProfileDetails } from '../contracts/profile.ts';
import { apiBaseUrl, apiClient, callApi, type StatusMessages } from './client.ts';

/**
 * The user record stored after login (docs/accounts.md; the API host's `UserRecord`): id, user
 * (the e-mail), avatar, isadmin (`"1"` for producers) and the profile fields.
 */
export interface User {
  id: number;
  /** The login e-mail. */
  user: string;
  avatar?: string;
  /** `"1"` marks a producer admin (docs/accounts.md). */
  isadmin?: string;
  namef?: string;
  namel?: string;
  [field: string]: unknown;
}

/** The profile edit payload's fields besides `id` (docs/accounts.md). */
export interface ProfileFields extends ProfileDetails {
  user?: string;
  namef?: string;
  namel?: string;
}

/** The sign-up form's fields (docs/accounts.md); the fixed defaults are added by {@link createCustomer}. */
export interface SignUpPayload {
  /** E-mail. */
  user: string;
  namef: string;
  namel: string;
  /** The chosen password; the API host derives and stores only a slow hash of its digest. */
  pw: string;
  phone?: string;
  /** CPF or CNPJ, default empty. */
  cpfnpj?: string;
  passport?: string;
  country?: string;
  [extra: string]: unknown;
}

/** What a successful sign-up answers. */
export interface SignUpResult {
  success: true;
  id: number;
}

/** One document upload (docs/accounts.md `/customer-upload-document`). */
export interface DocumentUpload {
  customerId: number;
  documentType: 'document' | 'address_proof';
  /** File content in base64 (a `data:` URL prefix is accepted too). */
  fileBase64: string;
  fileName: string;
}

/** What the API host answers to an upload. */
export interface DocumentUploadResult {
  success: boolean;
  filePath?: string;
  message?: string;
}

/** Whether a value is a user record (an id and an e-mail): answers and stored records alike. */
export function isUser(value: unknown): value is User {
  // Optional chaining also turns away what is not an object at all.
  const record = value as Partial<User> | null;
  return typeof record?.id === 'number' && typeof record.user === 'string';
}

/**
 * The answer's field when it is what the call needs; anything else fails the call, which
 * `callApi` then reports with the call's fallback message.
 */
function required<T>(value: unknown, valid: (value: unknown) => value is T): T {
  if (!valid(value)) throw new TypeError('Unexpected answer from the API host');
  return value;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

const requireUser = (value: unknown): User => required(value, isUser);

/**
 * The salt with the MD5 function to hash it with. The digest's code is loaded here, beside
 * the salt request, and not with this module: the login dialog paints without it, and on a
 * producer's page, where no password is typed, it never loads (docs/widgets.md, "Sizes").
 */
async function saltAndDigest(email: string, sessionId: string): Promise<[string, (text: string) => string]> {
  const [salt, { md5 }] = await Promise.all([fetchSalt(email, sessionId), import('../crypto/md5.ts')]);
  return [salt, md5];
}

/** `POST /getsalt/{email}/{uuid}`: the per-user salt (a stable fake one for unknown e-mails). */
async function fetchSalt(email: string, sessionId: string): Promise<string> {
  const path = ['getsalt', email, sessionId].map(encodeURIComponent).join('/');
  const answer = await apiClient().post(path).json<{ msg?: unknown }>();
  return required(answer.msg, isText);
}

/**
 * Logs in (docs/accounts.md): gets the salt, then `POST /login/{email}/{md5(salt + password)}/{uuid}/{salt}`.
 * Resolves with the user record and the session token the API host answered.
 */
export function logInWithPassword(
  email: string,
  password: string,
  sessionId: string,
  messages: StatusMessages,
): Promise<{ user: User; token: string }> {
  return callApi(async () => {
    const [salt, md5] = await saltAndDigest(email, sessionId);
    const hash = md5(salt + password);
    const path = ['login', email, hash, sessionId, salt].map(encodeURIComponent).join('/');
    const answer = await apiClient().post(path).json<{ data?: unknown; token?: unknown }>();
    return { user: requireUser(answer.data), token: required(answer.token, isText) };
  }, messages);
}

/**
 * `POST /logout` with the session's bearer (or `token`, one already forgotten locally): the
 * API host revokes the token. Rejects as the client does.
 */
export async function revokeSessionToken(token?: string): Promise<void> {
  await apiClient().post('logout', token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
}

/**
 * `POST /customer/add` with the spec's defaults (status 1, uidcad 1, country "Brasil",
 * empty cpfnpj and passport). Resolves with the new id and the upload grant the API host
 * answered for the documents right after sign-up (`null` without one).
 */
export function createCustomer(
  payload: SignUpPayload,
  messages: StatusMessages,
): Promise<{ id: number; uploadGrant: string | null }> {
  const body = {
    ...payload,
    user: payload.user.trim(),
    cpfnpj: payload.cpfnpj ?? '',
    passport: payload.passport ?? '',
    country: payload.country || 'Brasil',
    status: 1,
    uidcad: 1,
  };
  return callApi(async () => {
    const data = await apiClient()
      .post('customer/add', { json: body })
      .json<{ success?: unknown; id?: unknown; uploadToken?: unknown; token?: unknown }>();
    if (data.success !== true || typeof data.id !== 'number') throw new TypeError('Sign-up not confirmed');
    const grant = data.uploadToken ?? data.token;
    return { id: data.id, uploadGrant: typeof grant === 'string' ? grant : null };
  }, messages);
}

/**
 * `POST /customer-upload-document`: with the sign-up's upload grant as the bearer when
 * given, else the session's.
 */
export function sendCustomerDocument(
  upload: DocumentUpload,
  uploadGrant: string | null,
  messages: StatusMessages,
): Promise<DocumentUploadResult> {
  return callApi(
    () =>
      apiClient()
        .post('customer-upload-document', {
          json: upload,
          headers: uploadGrant ? { Authorization: `Bearer ${uploadGrant}` } : undefined,
        })
        .json<DocumentUploadResult>(),
    messages,
  );
}

/** `POST /pwrecovery/{email}`: the API host sends the recovery e-mail. */
export async function sendRecoveryEmail(email: string, messages: StatusMessages): Promise<void> {
  await callApi(() => apiClient().post(`pwrecovery/${encodeURIComponent(email)}`), messages);
}

/**
 * Sets a new password from the recovery link (docs/architecture.md): gets the salt, then
 * `POST /recovery/{token}/{md5(salt + newPassword)}`; resolves with the user it answers.
 */
export function setRecoveredPassword(
  recoveryToken: string,
  email: string,
  newPassword: string,
  sessionId: string,
  messages: StatusMessages,
): Promise<User> {
  return callApi(async () => {
    const [salt, md5] = await saltAndDigest(email, sessionId);
    const value = md5(salt + newPassword);
    const answer = await apiClient()
      .post(`recovery/${encodeURIComponent(recoveryToken)}/${encodeURIComponent(value)}`)
      .json<unknown>();
    return requireUser(Array.isArray(answer) ? answer[0] : undefined);
  }, messages);
}

/** `POST /customer/verify/{token}`: confirms the e-mail address of the verification link. */
export async function confirmEmail(verificationToken: string, messages: StatusMessages): Promise<void> {
  await callApi(() => apiClient().post(`customer/verify/${encodeURIComponent(verificationToken)}`), messages);
}

/**
 * `GET /customer/me`: the logged-in user's record, with the session's bearer, or with
 * `bearer` when given (a token not stored yet, as Google sign-in answers it).
 */
export function fetchCustomer(messages: StatusMessages, bearer?: string): Promise<User> {
  return callApi(async () => {
    const answer = await apiClient()
      .get('customer/me', bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined)
      .json<{ data?: unknown }>();
    return requireUser(answer.data);
  }, messages);
}

/**
 * `POST /customer/edit` with the whole payload. Resolves with the record the API host
 * answered, or `null` when it answered none: the spec leaves this answer open, so an
 * empty or non-JSON body is a success too.
 */
export function saveCustomerProfile(
  profile: ProfileFields & { id: number },
  messages: StatusMessages,
): Promise<User | null> {
  return callApi(async () => {
    // The body is read as it is, and parsed only if it can be.
    const response = await apiClient().post('customer/edit', { json: profile });
    const text = await response.text();
    try {
      const answer = JSON.parse(text) as { data?: unknown } | null;
      return isUser(answer?.data) ? answer.data : null;
    } catch {
      return null;
    }
  }, messages);
}

/**
 * "Baixar meus dados": the file of everything the API host holds about the logged-in
 * customer (`GET /customer/export`), as its JSON text.
 */
export function fetchMyDataExport(messages: StatusMessages): Promise<string> {
  return callApi(() => apiClient().get('customer/export').text(), messages);
}

/** A claim on a CPF another account holds, as its claimant sees it (docs/accounts.md). */
export interface CpfClaim {
  id: number;
  cpf: string;
  status: 'open' | 'released' | 'upheld' | 'rejected' | 'withdrawn';
  createdAt: string;
  resolvedAt: string | null;
  supportRequestId: number | null;
}

/** `GET /customer/cpf-claim`: one's latest claim, and whether one's own CPF is claimed by someone. */
export function fetchCpfStanding(
  messages: StatusMessages,
): Promise<{ claim: CpfClaim | null; disputed: boolean }> {
  return callApi(async () => {
    const answer = await apiClient()
      .get('customer/cpf-claim')
      .json<{ claim?: unknown; disputed?: unknown }>();
    if (typeof answer.disputed !== 'boolean') throw new TypeError('Unexpected answer from the API host');
    return { claim: (answer.claim ?? null) as CpfClaim | null, disputed: answer.disputed };
  }, messages);
}

/** `POST /customer/cpf-claim`: "Este CPF é meu", with a document in which the CPF appears. */
export function sendCpfClaim(
  claim: { cpf: string; fileBase64: string; fileName: string; note?: string },
  messages: StatusMessages,
): Promise<{ message: string; claim: CpfClaim }> {
  return callApi(
    () =>
      apiClient().post('customer/cpf-claim', { json: claim }).json<{ message: string; claim: CpfClaim }>(),
    messages,
  );
}

/** Something that keeps the account from being erased now, in pt-BR. */
export interface ErasureBlocker {
  code: string;
  message: string;
}

/** `GET /customer/erasure`: what keeps the logged-in customer's account now (empty: nothing). */
export function fetchErasureBlockers(messages: StatusMessages): Promise<ErasureBlocker[]> {
  return callApi(async () => {
    const answer = await apiClient().get('customer/erasure').json<{ blockers?: unknown }>();
    if (!Array.isArray(answer.blockers)) throw new TypeError('Unexpected answer from the API host');
    return answer.blockers as ErasureBlocker[];
  }, messages);
}

/** `POST /customer/erasure/code`: e-mails the code that confirms the erasure. */
export async function requestErasureCode(messages: StatusMessages): Promise<void> {
  await callApi(() => apiClient().post('customer/erasure/code').json(), messages);
}

/** `POST /customer/erasure { code }`: erases the account; every session ends with it. */
export async function eraseMyAccount(code: string, messages: StatusMessages): Promise<void> {
  await callApi(() => apiClient().post('customer/erasure', { json: { code } }).json(), messages);
}

/**
 * Where the API host's Google sign-in starts, returning to `returnTo` (a path on this site)
 * with `login` (this tab's nonce for the sign-in) echoed back in the callback's fragment.
 */
export function googleSignInUrl(returnTo: string, login?: string): string {
  const query = new URLSearchParams({ returnTo });
  if (login) query.set('login', login);
  return `${apiBaseUrl()}/auth/google?${query.toString()}`;
}
