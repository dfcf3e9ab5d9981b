// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { md5 } from '../crypto/md5.ts';
import { SESSION_MESSAGES } from '../messages/accounts.ts';
import { PROFILE_ANSWER_MESSAGES, PROFILE_MESSAGES } from '../messages/profile.ts';
import { type ApiAnswer, fakeApi, json, notFound } from '../test/fake-api.ts';
import { setNavigator } from './navigation.ts';
import {
  $authState,
  $googleRedirecting,
  $redirectAfterLogin,
  $sessionToken,
  $user,
  claimCpf,
  completeGoogleLogin,
  eraseAccount,
  fetchAccountErasureBlockers,
  fetchMyCpfStanding,
  fetchMyData,
  fetchProfile,
  GOOGLE_LOGIN_TTL_MS,
  initSession,
  login,
  logout,
  requestPasswordRecovery,
  resetPassword,
  sessionId,
  setRedirectAfterLogin,
  signUp,
  startGoogleLogin,
  updateProfile,
  uploadDocument,
  verifyEmail,
} from './session.ts';
import { $toasts, clearToasts } from './toasts.ts';

const API = 'https://api.test';
const USER = { id: 7, user: 'cliente@plateia.dev', avatar: '', isadmin: '0', namef: 'Ana', namel: 'Souza' };

/** A stand-in API host routing by "METHOD /pattern" (a regular expression on the path as sent, still encoded). */
function fakeApiPatterns(routes: Record<string, ApiAnswer>) {
  return fakeApi((call) => {
    const key = Object.keys(routes).find((route) => {
      const [method, pattern] = route.split(' ');
      return method === call.method && new RegExp(`^${pattern}$`).test(call.path);
    });
    return key ? routes[key]!(call) : notFound();
  });
}

const loginRoutes = (loginAnswer: ApiAnswer = () => json(200, { data: USER, token: 'tok-1' })) => ({
  'POST /getsalt/[^/]+/[^/]+': () => json(200, { msg: 'salt123' }),
  'POST /login/.+': loginAnswer,
});

let navigations: string[];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  navigations = [];
  setNavigator((url) => navigations.push(url));
});

afterEach(async () => {
  await allTasks();
  $user.set(null);
  $sessionToken.set(null);
  $redirectAfterLogin.set(null);
  clearToasts();
  cleanStores($authState, $user, $sessionToken, $redirectAfterLogin, $googleRedirecting, $toasts);
  setNavigator(null);
  configureApi({});
  vi.useRealTimers();
});

describe('initSession', () => {
  it('is loading until the stored session is read', () => {
    expect($authState.get()).toBe('loading');
  });

  it('reads a stored user and token as logged in', () => {
    localStorage.setItem('plateia:user', JSON.stringify(USER));
    localStorage.setItem('plateia:token', 'tok-1');
    expect(initSession()).toBe('loggedIn');
    expect($user.get()).toEqual(USER);
    expect($sessionToken.get()).toBe('tok-1');
  });

  it('treats nothing stored, a half session or corrupt data as logged out', () => {
    expect(initSession()).toBe('loggedOut');
    localStorage.setItem('plateia:user', JSON.stringify(USER));
    expect(initSession()).toBe('loggedOut');
    expect(localStorage.getItem('plateia:user')).toBeNull();
    localStorage.setItem('plateia:user', '{not json');
    localStorage.setItem('plateia:token', 'tok-1');
    expect(initSession()).toBe('loggedOut');
  });
});

describe('login', () => {
  it('validates before calling the server', async () => {
    const calls = fakeApiPatterns({});
    await expect(login('', 'x')).rejects.toThrow(SESSION_MESSAGES.loginRequired);
    await expect(login('a@b.com', '')).rejects.toThrow('Email e senha são obrigatórios');
    await expect(login('não-é-email', 'x')).rejects.toThrow('Endereço de e-mail inválido');
    expect(calls).toHaveLength(0);
  });

  it('sends md5(salt + password), stores the session and greets', async () => {
    const calls = fakeApiPatterns(loginRoutes());
    initSession();
    const user = await login(' Cliente@plateia.dev ', 'plateia123');
    await allTasks();
    const uuid = sessionId();
    expect(calls.map((call) => call.path)).toEqual([
      `/getsalt/Cliente%40plateia.dev/${uuid}`,
      `/login/Cliente%40plateia.dev/${md5('salt123plateia123')}/${uuid}/salt123`,
    ]);
    expect(user).toEqual(USER);
    expect($authState.get()).toBe('loggedIn');
    expect(JSON.parse(localStorage.getItem('plateia:user') ?? 'null')).toEqual(USER);
    expect(localStorage.getItem('plateia:token')).toBe('tok-1');
    expect($toasts.get().map((toast) => [toast.kind, toast.message])).toEqual([
      ['success', 'Login realizado com Sucesso'],
    ]);
    expect(navigations).toEqual([]);
  });

  it('follows and clears the redirect-after-login address', async () => {
    fakeApiPatterns(loginRoutes());
    setRedirectAfterLogin('/checkout/12');
    expect(localStorage.getItem('plateia:redirectAfterLogin')).toBe('/checkout/12');
    await login('cliente@plateia.dev', 'plateia123');
    expect(navigations).toEqual(['/checkout/12']);
    expect($redirectAfterLogin.get()).toBeNull();
    expect(localStorage.getItem('plateia:redirectAfterLogin')).toBeNull();
  });

  it('never follows a redirect to another site', async () => {
    fakeApiPatterns(loginRoutes());
    setRedirectAfterLogin('https://evil.example/');
    localStorage.setItem('plateia:redirectAfterLogin', '//evil.example');
    await login('cliente@plateia.dev', 'plateia123');
    expect(navigations).toEqual([]);
  });

  it('explains an unverified account (409) and anything else as invalid credentials', async () => {
    fakeApiPatterns(loginRoutes(() => json(409, { error: 'unverified', message: 'x' })));
    await expect(login('cliente@plateia.dev', 'p')).rejects.toThrow(
      'Valide sua conta pelo link enviado em seu email, antes de fazer login.',
    );
    fakeApiPatterns(loginRoutes(() => json(401, { error: 'invalid', message: 'x' })));
    await expect(login('cliente@plateia.dev', 'p')).rejects.toThrow('Usuário/Senha Inválida');
    fakeApiPatterns(loginRoutes(() => json(200, { data: USER })));
    await expect(login('cliente@plateia.dev', 'p')).rejects.toThrow('Usuário/Senha Inválida');
    fakeApiPatterns({ 'POST /getsalt/.+': () => json(500, {}) });
    await expect(login('cliente@plateia.dev', 'p')).rejects.toThrow('Usuário/Senha Inválida');
    expect($user.get()).toBeNull();
    expect($toasts.get()).toEqual([]);
  });
});

describe('logout', () => {
  it('revokes the token on the server and clears the session', async () => {
    const calls = fakeApiPatterns({ ...loginRoutes(), 'POST /logout': () => json(200, { success: true }) });
    initSession();
    await login('cliente@plateia.dev', 'p');
    await logout();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/logout', auth: 'Bearer tok-1' });
    expect($authState.get()).toBe('loggedOut');
    expect(localStorage.getItem('plateia:user')).toBeNull();
    expect(localStorage.getItem('plateia:token')).toBeNull();
  });

  it('clears the session even when the server fails', async () => {
    fakeApiPatterns({ ...loginRoutes(), 'POST /logout': () => json(500, {}) });
    initSession();
    await login('cliente@plateia.dev', 'p');
    await logout();
    expect($authState.get()).toBe('loggedOut');
  });

  it('ends the session when the server refuses the token', async () => {
    fakeApiPatterns({
      ...loginRoutes(),
      'GET /customer/me': () => json(401, { error: 'unauthorized', message: 'x' }),
    });
    initSession();
    await login('cliente@plateia.dev', 'p');
    await expect(fetchProfile()).rejects.toThrow(SESSION_MESSAGES.profileLoadFailed);
    expect($authState.get()).toBe('loggedOut');
  });
});

describe('cross-tab', () => {
  it('follows a login and a logout made in another tab', () => {
    initSession();
    const states: string[] = [];
    const unbind = $authState.subscribe((state) => states.push(state));
    localStorage.setItem('plateia:user', JSON.stringify(USER));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'plateia:user',
        newValue: JSON.stringify(USER),
        storageArea: localStorage,
      }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'plateia:token', newValue: 'tok-9', storageArea: localStorage }),
    );
    expect($user.get()).toEqual(USER);
    expect($authState.get()).toBe('loggedIn');
    window.dispatchEvent(
      new StorageEvent('storage', { key: null, newValue: null, storageArea: localStorage }),
    );
    expect($authState.get()).toBe('loggedOut');
    expect(states).toEqual(['loggedOut', 'loggedIn', 'loggedOut']);
    unbind();
  });
});

describe('sessionId', () => {
  it('is one random UUID per browser session', () => {
    const id = sessionId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sessionId()).toBe(id);
    expect(sessionStorage.getItem('plateia:sessionId')).toBe(id);
    sessionStorage.setItem('plateia:sessionId', 'outra');
    expect(sessionId()).toBe('outra');
  });
});

describe('signUp and uploadDocument', () => {
  const form = {
    user: ' nova@plateia.dev ',
    namef: 'Nova',
    namel: 'Pessoa',
    pw: 'segredo1',
    phone: '11999999999',
  };

  it('sends the spec payload with its defaults and uploads with the grant it answered', async () => {
    const calls = fakeApiPatterns({
      'POST /customer/add': () => json(200, { success: true, id: 42, uploadToken: 'up-1' }),
      'POST /customer-upload-document': () =>
        json(200, { success: true, filePath: '/customer/document/document', message: 'ok' }),
    });
    await expect(signUp(form)).resolves.toEqual({ success: true, id: 42 });
    expect(calls[0]?.body).toEqual({
      user: 'nova@plateia.dev',
      namef: 'Nova',
      namel: 'Pessoa',
      pw: 'segredo1',
      phone: '11999999999',
      cpfnpj: '',
      passport: '',
      country: 'Brasil',
      status: 1,
      uidcad: 1,
    });
    const upload = {
      customerId: 42,
      documentType: 'document' as const,
      fileBase64: 'JVBERi0=',
      fileName: 'rg.pdf',
    };
    await expect(uploadDocument(upload)).resolves.toMatchObject({ success: true });
    expect(calls[1]).toMatchObject({ path: '/customer-upload-document', auth: 'Bearer up-1', body: upload });
  });

  it('says the user exists on 408 and gives the generic message otherwise', async () => {
    fakeApiPatterns({ 'POST /customer/add': () => json(408, { error: 'exists', message: 'x' }) });
    await expect(signUp(form)).rejects.toThrow('Usuário já existe');
    fakeApiPatterns({ 'POST /customer/add': () => json(400, { error: 'bad', message: 'x' }) });
    await expect(signUp(form)).rejects.toThrow(
      'Não foi possível criar sua conta, tente novamente ou entre em contato com nossa equipe',
    );
    fakeApiPatterns({ 'POST /customer/add': () => json(200, { success: false }) });
    await expect(signUp(form)).rejects.toThrow(SESSION_MESSAGES.signUpFailed);
  });

  it('says what to do when the CPF is on another account (409)', async () => {
    fakeApiPatterns({ 'POST /customer/add': () => json(409, { error: 'cpf_taken', message: 'x' }) });
    await expect(signUp(form)).rejects.toThrow(PROFILE_ANSWER_MESSAGES.cpfTakenAtSignUp);
  });

  it("shows the server's reason when an upload is refused", async () => {
    fakeApiPatterns({
      'POST /customer-upload-document': () =>
        json(400, { error: 'type', message: 'Envie um PDF, JPEG ou PNG' }),
    });
    await expect(
      uploadDocument({ customerId: 1, documentType: 'address_proof', fileBase64: 'eA==', fileName: 'x.exe' }),
    ).rejects.toThrow('Envie um PDF, JPEG ou PNG');
  });
});

describe('requestPasswordRecovery', () => {
  it('sends the e-mail, then refuses again within a minute', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z'), toFake: ['Date'] });
    const calls = fakeApiPatterns({ 'POST /pwrecovery/.+': () => json(200, { success: true }) });
    await expect(requestPasswordRecovery('cliente@plateia.dev')).resolves.toBe(
      'Um e-mail foi enviado para você em: cliente@plateia.dev',
    );
    expect(calls[0]?.path).toBe('/pwrecovery/cliente%40plateia.dev');
    expect($toasts.get().at(-1)?.message).toBe('Um e-mail foi enviado para você em: cliente@plateia.dev');
    expect(localStorage.getItem('plateia:lastRecoveryAt')).toBe(String(Date.now()));
    vi.setSystemTime(Date.now() + 59_999);
    await expect(requestPasswordRecovery('cliente@plateia.dev')).rejects.toThrow(
      'Você precisa esperar um minuto após o envio para, reenviar o e-mail',
    );
    expect(calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 1);
    await requestPasswordRecovery('cliente@plateia.dev');
    expect(calls).toHaveLength(2);
  });

  it('reports a failure and does not start the wait', async () => {
    const calls = fakeApiPatterns({ 'POST /pwrecovery/.+': () => json(500, {}) });
    await expect(requestPasswordRecovery('cliente@plateia.dev')).rejects.toThrow(
      'Erro ao enviar email, tente novamente',
    );
    await expect(requestPasswordRecovery('cliente@plateia.dev')).rejects.toThrow(
      SESSION_MESSAGES.recoveryFailed,
    );
    expect(calls).toHaveLength(2);
    await expect(requestPasswordRecovery('x')).rejects.toThrow(SESSION_MESSAGES.invalidEmail);
  });
});

describe('resetPassword and verifyEmail', () => {
  it('sends the new password as md5(salt + password) and answers the user', async () => {
    const calls = fakeApiPatterns({
      'POST /getsalt/.+': () => json(200, { msg: 's4lt' }),
      'POST /recovery/.+': () => json(200, [USER]),
    });
    await expect(resetPassword('a/b token', 'cliente@plateia.dev', 'nova-senha')).resolves.toEqual(USER);
    expect(calls[1]?.path).toBe(`/recovery/a%2Fb%20token/${md5('s4ltnova-senha')}`);
    expect($user.get()).toBeNull();
  });

  it('ends a session of the same account in this browser', async () => {
    fakeApiPatterns({
      ...loginRoutes(),
      'POST /recovery/.+': () => json(200, [USER]),
    });
    initSession();
    await login('cliente@plateia.dev', 'antiga');
    await resetPassword('t', 'cliente@plateia.dev', 'nova');
    expect($authState.get()).toBe('loggedOut');
  });

  it("shows the server's reason for a bad recovery link", async () => {
    fakeApiPatterns({
      'POST /getsalt/.+': () => json(200, { msg: 's4lt' }),
      'POST /recovery/.+': () => json(400, { error: 'expired', message: 'Link expirado' }),
    });
    await expect(resetPassword('t', 'cliente@plateia.dev', 'n')).rejects.toThrow('Link expirado');
  });

  it('confirms an e-mail address', async () => {
    const calls = fakeApiPatterns({ 'POST /customer/verify/.+': () => json(200, { success: true }) });
    await verifyEmail('tok');
    expect(calls[0]?.path).toBe('/customer/verify/tok');
    fakeApiPatterns({ 'POST /customer/verify/.+': () => json(404, {}) });
    await expect(verifyEmail('tok')).rejects.toThrow(SESSION_MESSAGES.verifyFailed);
  });
});

describe('Google sign-in', () => {
  it('goes to the API host, shows the notice for 5 seconds and remembers where to return', () => {
    vi.useFakeTimers();
    configureApi({ baseUrl: API });
    startGoogleLogin('/checkout/3?x=1');
    expect(navigations).toHaveLength(1);
    const started = new URL(navigations[0] ?? '');
    expect(`${started.origin}${started.pathname}`).toBe(`${API}/auth/google`);
    expect(started.searchParams.get('returnTo')).toBe('/checkout/3?x=1');
    // The tab's nonce goes out with the sign-in and stays in this tab's sessionStorage.
    const login = started.searchParams.get('login') ?? '';
    expect(login).toMatch(/^[0-9a-f]{48}$/);
    const pending = JSON.parse(sessionStorage.getItem('plateia:googleLogin') ?? '{}');
    expect(pending).toMatchObject({ nonce: login, returnTo: '/checkout/3?x=1' });
    expect($googleRedirecting.get()).toBe(true);
    // Kept with this tab's sign-in, not in the redirect-after-login every window shares.
    expect($redirectAfterLogin.get()).toBeNull();
    vi.advanceTimersByTime(4999);
    expect($googleRedirecting.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect($googleRedirecting.get()).toBe(false);
  });

  /** Starts a Google sign-in in this tab and answers the nonce it sent. */
  function started(): string {
    configureApi({ baseUrl: API });
    startGoogleLogin('/');
    return new URL(navigations.pop() ?? '').searchParams.get('login') ?? '';
  }

  it('completes with the token from the callback of the sign-in this tab started', async () => {
    const login = started();
    const calls = fakeApiPatterns({ 'GET /customer/me': () => json(200, { data: USER }) });
    initSession();
    await expect(completeGoogleLogin('g-tok', { login, returnTo: '/mytickets' })).resolves.toEqual(USER);
    expect(calls[0]?.auth).toBe('Bearer g-tok');
    expect($authState.get()).toBe('loggedIn');
    expect($sessionToken.get()).toBe('g-tok');
    expect(navigations).toEqual(['/mytickets']);
    expect($toasts.get().at(-1)?.message).toBe('Login realizado com Sucesso');
  });

  it('returns where the sign-in started when the callback names nowhere', async () => {
    configureApi({ baseUrl: API });
    startGoogleLogin('/conta/conectado');
    const login = new URL(navigations.pop() ?? '').searchParams.get('login') ?? '';
    fakeApiPatterns({ 'GET /customer/me': () => json(200, { data: USER }) });
    initSession();
    await completeGoogleLogin('g-tok', { login });
    expect(navigations).toEqual(['/conta/conectado']);
  });

  it('a sign-in abandoned at Google leaves the next password login where it is', async () => {
    configureApi({ baseUrl: API });
    startGoogleLogin('/conta/conectado');
    navigations.length = 0;
    fakeApiPatterns(loginRoutes());
    initSession();
    await login(USER.user, 'segredo123');
    expect($authState.get()).toBe('loggedIn');
    expect(navigations).toEqual([]);
  });

  it('fails with a pt-BR message and stays logged out', async () => {
    const login = started();
    fakeApiPatterns({ 'GET /customer/me': () => json(401, {}) });
    initSession();
    await expect(completeGoogleLogin('bad', { login })).rejects.toThrow(SESSION_MESSAGES.googleFailed);
    expect($authState.get()).toBe('loggedOut');
  });

  it('never uses a token this tab did not ask for (login CSRF)', async () => {
    const calls = fakeApiPatterns({ 'GET /customer/me': () => json(200, { data: USER }) });
    initSession();
    // No sign-in pending: a crafted /auth/callback#token=… link.
    await expect(completeGoogleLogin('attacker-token', { login: 'x' })).rejects.toThrow(
      SESSION_MESSAGES.googleNotStarted,
    );
    // A sign-in pending, but the callback brings another nonce (or none).
    const login = started();
    await expect(completeGoogleLogin('attacker-token', { login: `${login}0` })).rejects.toThrow(
      SESSION_MESSAGES.googleNotStarted,
    );
    // The pending sign-in is used up by that attempt: the right nonce afterwards is refused too.
    await expect(completeGoogleLogin('attacker-token', { login })).rejects.toThrow(
      SESSION_MESSAGES.googleNotStarted,
    );
    expect(calls).toHaveLength(0);
    expect($authState.get()).toBe('loggedOut');
    expect($sessionToken.get()).toBeNull();
  });

  it('refuses a sign-in older than ten minutes and a return address off the site', async () => {
    vi.useFakeTimers();
    const old = started();
    vi.advanceTimersByTime(GOOGLE_LOGIN_TTL_MS);
    await expect(completeGoogleLogin('g-tok', { login: old })).rejects.toThrow(
      SESSION_MESSAGES.googleNotStarted,
    );
    vi.useRealTimers();
    const login = started();
    fakeApiPatterns({ 'GET /customer/me': () => json(200, { data: USER }) });
    initSession();
    $redirectAfterLogin.set(null);
    await completeGoogleLogin('g-tok', { login, returnTo: '/\t/evil.example' });
    expect(navigations).toEqual(['/']);
  });
});

describe('my data', () => {
  it('downloads everything the API holds about the customer, and says when it was asked too soon', async () => {
    const calls = fakeApiPatterns({
      ...loginRoutes(),
      'GET /customer/export': () => json(200, { conta: { id: 7 } }),
    });
    await login('cliente@plateia.dev', 'p');
    expect(JSON.parse(await fetchMyData())).toEqual({ conta: { id: 7 } });
    expect(calls.at(-1)).toMatchObject({ auth: 'Bearer tok-1' });
    fakeApiPatterns({ ...loginRoutes(), 'GET /customer/export': () => json(429, { message: 'x' }) });
    await expect(fetchMyData()).rejects.toThrow(PROFILE_MESSAGES.dataTooSoon);
  });
});

describe('this CPF is mine', () => {
  it('sends the claim with its document and reads the standing back, showing the refusal in pt-BR', async () => {
    const claim = {
      id: 3,
      cpf: '52998224725',
      status: 'open',
      createdAt: 'x',
      resolvedAt: null,
      supportRequestId: 9,
    };
    const calls = fakeApiPatterns({
      ...loginRoutes(),
      'POST /customer/cpf-claim': () => json(200, { success: true, message: 'Pedido enviado.', claim }),
      'GET /customer/cpf-claim': () => json(200, { claim, disputed: false }),
    });
    await login('cliente@plateia.dev', 'p');
    const sent = { cpf: '529.982.247-25', fileBase64: 'AAAA', fileName: 'rg.png' };
    await expect(claimCpf(sent)).resolves.toEqual({ success: true, message: 'Pedido enviado.', claim });
    expect(calls.at(-1)).toMatchObject({ path: '/customer/cpf-claim', auth: 'Bearer tok-1', body: sent });
    await expect(fetchMyCpfStanding()).resolves.toEqual({ claim, disputed: false });
    fakeApiPatterns({
      ...loginRoutes(),
      'POST /customer/cpf-claim': () =>
        json(409, { error: 'cpf_free', message: 'Este CPF não está cadastrado.' }),
    });
    await expect(claimCpf(sent)).rejects.toThrow('Este CPF não está cadastrado.');
  });
});

describe('account erasure', () => {
  it('lists what keeps the account, then erases with the code and forgets the session without revoking it', async () => {
    const blockers = [{ code: 'future_tickets', message: 'Você tem 1 ingresso…' }];
    const calls = fakeApiPatterns({
      ...loginRoutes(),
      'GET /customer/erasure': () => json(200, { blockers }),
      'POST /customer/erasure': () => json(200, { success: true, message: 'ok' }),
    });
    await login('cliente@plateia.dev', 'p');
    await expect(fetchAccountErasureBlockers()).resolves.toEqual(blockers);
    await eraseAccount(' 123456 ');
    expect(calls.at(-1)).toMatchObject({
      path: '/customer/erasure',
      auth: 'Bearer tok-1',
      body: { code: '123456' },
    });
    expect($user.get()).toBeNull();
    expect($sessionToken.get()).toBeNull();
    expect(calls.some((call) => call.path === '/logout')).toBe(false);
  });

  it("shows the API host's reason when the code is wrong and keeps the session", async () => {
    fakeApiPatterns({
      ...loginRoutes(),
      'POST /customer/erasure': () =>
        json(400, { error: 'invalid_code', message: 'Código inválido ou expirado.' }),
    });
    await login('cliente@plateia.dev', 'p');
    await expect(eraseAccount('000000')).rejects.toThrow('Código inválido ou expirado.');
    expect($user.get()).not.toBeNull();
  });
});

describe('profile', () => {
  it('saves fields with the id and keeps the answered record', async () => {
    const saved = { ...USER, cidade: 'Recife', uf: 'PE' };
    const calls = fakeApiPatterns({
      ...loginRoutes(),
      'POST /customer/edit': () => json(200, { data: saved }),
    });
    await login('cliente@plateia.dev', 'p');
    await expect(updateProfile({ cidade: 'Recife', uf: 'PE' })).resolves.toEqual(saved);
    expect(calls.at(-1)).toMatchObject({
      auth: 'Bearer tok-1',
      body: { id: 7, user: 'cliente@plateia.dev', cidade: 'Recife', uf: 'PE' },
    });
    expect(JSON.parse(localStorage.getItem('plateia:user') ?? 'null')).toEqual(saved);
  });

  it('merges the fields when the server answers no record', async () => {
    fakeApiPatterns({ ...loginRoutes(), 'POST /customer/edit': () => new Response(null, { status: 204 }) });
    await login('cliente@plateia.dev', 'p');
    await expect(updateProfile({ nickname: 'aninha' })).resolves.toEqual({ ...USER, nickname: 'aninha' });
  });

  it("shows the server's validation message and keeps the old record", async () => {
    fakeApiPatterns({
      ...loginRoutes(),
      'POST /customer/edit': () => json(400, { error: 'cpf', message: 'CPF ou CNPJ inválido' }),
    });
    await login('cliente@plateia.dev', 'p');
    await expect(updateProfile({ cpfnpj: '123' })).rejects.toThrow('CPF ou CNPJ inválido');
    expect($user.get()).toEqual(USER);
  });

  it('reloads the record from the server', async () => {
    const fresh = { ...USER, avatar: '/a.png' };
    fakeApiPatterns({ ...loginRoutes(), 'GET /customer/me': () => json(200, { data: fresh }) });
    await login('cliente@plateia.dev', 'p');
    await expect(fetchProfile()).resolves.toEqual(fresh);
    expect($user.get()).toEqual(fresh);
  });

  it('needs a session', async () => {
    await expect(updateProfile({})).rejects.toThrow(SESSION_MESSAGES.notLoggedIn);
    await expect(fetchProfile()).rejects.toThrow(SESSION_MESSAGES.notLoggedIn);
  });
});
