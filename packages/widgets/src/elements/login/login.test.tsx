import { LOGIN_MESSAGES } from '@plateia/core/messages/login';
import {
  $googleRedirecting,
  $sessionToken,
  $user,
  GOOGLE_REDIRECT_RESET_MS,
  logout,
} from '@plateia/core/stores/session';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, installFakeApi, uninstallFakeApi } from '../../test/fake-api.ts';
import { defineLogin } from './index.ts';
import { LOGIN_TAG, PlateiaLogin } from './login.element.ts';
import { DEFAULT_SIGNUP_URL, Login, POPUP_BLOCKED_MESSAGE, SIGNUP_NAVIGATION_DELAY_MS } from './login.tsx';

let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
  $googleRedirecting.set(false);
  uninstallFakeApi();
});

const dialog = () => screen.getByRole('dialog', { name: 'Acessar Conta' });
const fill = (label: string, value: string) =>
  fireEvent.input(within(dialog()).getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Fazer Login com Email' }));

describe('<Login> validation and login', () => {
  it('asks for both fields before calling the API', async () => {
    render(<Login open />);
    submit();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Email e senha são obrigatórios');
    fill('E-mail', 'cliente@plateia.dev');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_MESSAGES.required);
    expect(api.calls).toEqual([]);
  });

  it('rejects an invalid e-mail inline and marks the field', async () => {
    render(<Login open />);
    fill('E-mail', 'cliente@plateia');
    fill('Senha', 'segredo');
    submit();
    const email = within(dialog()).getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Endereço de e-mail inválido');
    expect(api.calls).toEqual([]);
  });

  it('shows the unverified-account message for HTTP 409', async () => {
    api.answers.loginStatus = 409;
    render(<Login open />);
    fill('E-mail', 'cliente@plateia.dev');
    fill('Senha', 'segredo');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Valide sua conta pelo link enviado em seu email, antes de fazer login.',
      ),
    );
  });

  it('shows "Usuário/Senha Inválida" for any other failure', async () => {
    api.answers.loginStatus = 401;
    render(<Login open />);
    fill('E-mail', 'cliente@plateia.dev');
    fill('Senha', 'errada');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Usuário/Senha Inválida'));
    expect(dialog()).toBeTruthy();
  });

  it('logs in through core and closes', async () => {
    const onOpenChange = vi.fn();
    render(<Login open onOpenChange={onOpenChange} />);
    fill('E-mail', '  cliente@plateia.dev ');
    fill('Senha', 'plateia123');
    submit();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect($user.get()?.user).toBe(DEMO_USER.user);
    expect(api.calls[1]?.path).toMatch(/^\/login\/cliente%40plateia\.dev\/[0-9a-f]{32}\//);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows and hides the password', () => {
    render(<Login open />);
    const password = within(dialog()).getByLabelText('Senha') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password.type).toBe('text');
    const toggle = screen.getByRole('button', { name: 'Ocultar senha' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(password.type).toBe('password');
  });
});

describe('<Login> recovery', () => {
  const openRecovery = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Esqueceu sua senha?' }));
    return screen.getByRole('dialog', { name: 'Esqueceu sua senha?' });
  };

  it('sends the e-mail, then asks to wait a minute before resending', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    render(<Login open />);
    fill('E-mail', 'cliente@plateia.dev');
    let recovery = openRecovery();
    expect((within(recovery).getByLabelText('E-mail') as HTMLInputElement).value).toBe('cliente@plateia.dev');
    fireEvent.click(within(recovery).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Esqueceu sua senha?' })).toBeNull());
    expect(screen.getByText('Um e-mail foi enviado para você em: cliente@plateia.dev')).toBeTruthy();

    vi.setSystemTime(new Date('2026-11-21T12:00:59Z'));
    recovery = openRecovery();
    fireEvent.click(within(recovery).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(within(recovery).getByRole('alert').textContent).toBe(
        'Você precisa esperar um minuto após o envio para, reenviar o e-mail',
      ),
    );
    expect(api.calls.filter((call) => call.path.startsWith('/pwrecovery/'))).toHaveLength(1);

    vi.setSystemTime(new Date('2026-11-21T12:01:01Z'));
    fireEvent.click(within(recovery).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path.startsWith('/pwrecovery/'))).toHaveLength(2),
    );
  });

  it('validates the e-mail, reports a failure, and Cancelar closes only the recovery dialog', async () => {
    api.answers.recoveryStatus = 500;
    render(<Login open />);
    const recovery = openRecovery();
    fireEvent.input(within(recovery).getByLabelText('E-mail'), { target: { value: 'sem-arroba' } });
    fireEvent.click(within(recovery).getByRole('button', { name: 'Enviar' }));
    expect(within(recovery).getByRole('alert').textContent).toBe('Endereço de e-mail inválido');
    fireEvent.input(within(recovery).getByLabelText('E-mail'), { target: { value: 'ana@exemplo.com.br' } });
    fireEvent.click(within(recovery).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(within(recovery).getByRole('alert').textContent).toBe('Erro ao enviar email, tente novamente'),
    );
    fireEvent.click(within(recovery).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Esqueceu sua senha?' })).toBeNull();
    expect(dialog()).toBeTruthy();
  });
});

describe('<Login> Google, sign-up and query parameters', () => {
  it('shows the redirect notice while Google sign-in starts, for 5 seconds', () => {
    vi.useFakeTimers();
    render(<Login open />);
    fireEvent.click(screen.getByRole('button', { name: 'Fazer Login com Google' }));
    expect(api.navigations[0]).toMatch(/^https:\/\/api\.test\/auth\/google\?returnTo=/);
    expect(
      screen.getByText('Redirecionando... Aguarde enquanto o login do Google é processado.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fazer Login com Google' })).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(GOOGLE_REDIRECT_RESET_MS));
    expect(screen.queryByText(LOGIN_MESSAGES.googleRedirecting)).toBeNull();
  });

  it('with google-window, runs Google in a window of its own and closes when the login arrives', async () => {
    const opened: unknown[][] = [];
    const open = vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
      opened.push(args);
      return {} as Window;
    });
    try {
      render(<Login open googleWindow="/conta/google" />);
      fireEvent.click(screen.getByRole('button', { name: 'Fazer Login com Google' }));
      expect(opened).toEqual([['/conta/google', 'plateia-google', 'popup,width=480,height=640']]);
      expect(api.navigations).toEqual([]);
      expect(screen.getByText(LOGIN_MESSAGES.googleWindow)).toBeTruthy();
      // The Google window stores the session; this dialog hears it and closes.
      act(() => {
        $sessionToken.set('token-from-the-google-window');
        $user.set(DEMO_USER);
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      open.mockRestore();
      act(() => {
        $user.set(null);
        $sessionToken.set(null);
      });
    }
  });

  it('with google-window, says so when the browser blocks the window', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    try {
      render(<Login open googleWindow="/conta/google" />);
      fireEvent.click(screen.getByRole('button', { name: 'Fazer Login com Google' }));
      expect(within(dialog()).getByRole('alert').textContent).toBe(POPUP_BLOCKED_MESSAGE);
      expect(api.navigations).toEqual([]);
    } finally {
      open.mockRestore();
    }
  });

  it('ignores a google-window that is not a path on this site', () => {
    const open = vi.spyOn(window, 'open');
    try {
      render(<Login open googleWindow="https://outro.example/google" />);
      fireEvent.click(screen.getByRole('button', { name: 'Fazer Login com Google' }));
      expect(open).not.toHaveBeenCalled();
      expect(api.navigations[0]).toMatch(/^https:\/\/api\.test\/auth\/google\?returnTo=/);
    } finally {
      open.mockRestore();
    }
  });

  it('"Criar Conta Gratuita" closes, then goes to /cadastro after a short delay', () => {
    vi.useFakeTimers();
    const onOpenChange = vi.fn();
    render(<Login open onOpenChange={onOpenChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta Gratuita' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.navigations).toEqual([]);
    act(() => vi.advanceTimersByTime(SIGNUP_NAVIGATION_DELAY_MS));
    expect(api.navigations).toEqual([DEFAULT_SIGNUP_URL]);
  });

  it('goes to the configured sign-up address', () => {
    vi.useFakeTimers();
    render(<Login open signupUrl="/registrar" />);
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta Gratuita' }));
    act(() => vi.advanceTimersByTime(SIGNUP_NAVIGATION_DELAY_MS));
    expect(api.navigations).toEqual(['/registrar']);
  });

  it('opens prefilled from ?user= when nobody is logged in', async () => {
    history.replaceState(null, '', '/?id=42&user=ana%40exemplo.com.br');
    render(<Login />);
    const email = (await screen.findByRole('dialog', { name: 'Acessar Conta' })).querySelector('input');
    expect(email?.value).toBe('ana@exemplo.com.br');
  });

  it('stays closed on ?user= when someone is logged in', () => {
    $user.set(DEMO_USER);
    $sessionToken.set('token');
    history.replaceState(null, '', '/?user=ana%40exemplo.com.br');
    render(<Login />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('<Login> dialog behaviour', () => {
  it('focuses the e-mail field, keeps Tab inside, closes on Escape and returns focus', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { rerender } = render(<Login />);
    rerender(<Login open />);
    const email = within(dialog()).getByLabelText('E-mail');
    expect(document.activeElement).toBe(email);

    const signup = screen.getByRole('button', { name: 'Criar Conta Gratuita' });
    signup.focus();
    fireEvent.keyDown(signup, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(signup);

    fireEvent.keyDown(email, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('Escape in the recovery dialog closes only that one and focus returns to the link', () => {
    render(<Login open />);
    const link = screen.getByRole('button', { name: 'Esqueceu sua senha?' });
    link.focus();
    fireEvent.click(link);
    const recovery = screen.getByRole('dialog', { name: 'Esqueceu sua senha?' });
    fireEvent.keyDown(within(recovery).getByLabelText('E-mail'), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Esqueceu sua senha?' })).toBeNull();
    expect(dialog()).toBeTruthy();
    expect(document.activeElement).toBe(link);
  });
});

describe('<plateia-login> custom element', () => {
  defineLogin();

  const mount = async (html: string): Promise<PlateiaLogin> => {
    document.body.innerHTML = html;
    const element = document.querySelector(LOGIN_TAG) as PlateiaLogin;
    await waitFor(() => expect(element.shadowRoot?.querySelector('[part="root"]')).toBeTruthy());
    return element;
  };
  const shadow = (element: PlateiaLogin) => within(element.shadowRoot as unknown as HTMLElement);

  it('registers once and is typed in the tag map', () => {
    expect(customElements.get('plateia-login')).toBe(PlateiaLogin);
    expect(defineLogin()).toBe(PlateiaLogin);
    expect(document.createElement('plateia-login')).toBeInstanceOf(PlateiaLogin);
  });

  it('renders the dialog in its open shadow root for a bare `open` attribute', async () => {
    const element = await mount('<plateia-login open></plateia-login>');
    expect(element.open).toBe(true);
    await waitFor(() => expect(shadow(element).getByRole('dialog', { name: 'Acessar Conta' })).toBeTruthy());
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('follows the `open` property and attribute both ways', async () => {
    const element = await mount('<plateia-login></plateia-login>');
    expect(element.open).toBe(false);
    expect(shadow(element).queryByRole('dialog')).toBeNull();
    element.open = true;
    expect(element.hasAttribute('open')).toBe(true);
    await waitFor(() => expect(shadow(element).getByRole('dialog')).toBeTruthy());
    element.removeAttribute('open');
    await waitFor(() => expect(shadow(element).queryByRole('dialog')).toBeNull());
    element.setAttribute('open', '');
    await waitFor(() => expect(shadow(element).getByRole('dialog')).toBeTruthy());
    fireEvent.click(shadow(element).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(element.hasAttribute('open')).toBe(false));
  });

  it('opens on a plateia-login-open event dispatched on document, prefilled', async () => {
    const element = await mount('<plateia-login></plateia-login>');
    // Sent as a page would, right after the element shows (before its first effects ran
    // on Preact), so the dialog must pick it up when they do.
    document.dispatchEvent(
      new CustomEvent('plateia-login-open', { detail: { email: 'ana@exemplo.com.br' } }),
    );
    const email = await waitFor(() => shadow(element).getByLabelText('E-mail') as HTMLInputElement);
    expect(email.value).toBe('ana@exemplo.com.br');
    expect(element.open).toBe(true);
  });

  it('fires plateia-login and plateia-logout, bubbling and composed, from the element', async () => {
    const element = await mount('<plateia-login open></plateia-login>');
    const logins: CustomEvent[] = [];
    const logouts: Event[] = [];
    document.addEventListener('plateia-login', (event) => logins.push(event));
    document.addEventListener('plateia-logout', (event) => logouts.push(event));
    const ui = shadow(element);
    fireEvent.input(await waitFor(() => ui.getByLabelText('E-mail')), { target: { value: DEMO_USER.user } });
    fireEvent.input(ui.getByLabelText('Senha'), { target: { value: 'plateia123' } });
    fireEvent.click(ui.getByRole('button', { name: 'Fazer Login com Email' }));
    await waitFor(() => expect(logins).toHaveLength(1));
    expect(logins[0]?.target).toBe(element);
    expect(logins[0]?.bubbles && logins[0]?.composed).toBe(true);
    expect(logins[0]?.detail.user.user).toBe(DEMO_USER.user);
    await waitFor(() => expect(element.open).toBe(false));

    await act(() => logout());
    expect(logouts).toHaveLength(1);
    expect(logouts[0]?.target).toBe(element);
  });

  it('keeps its styles in the shadow root and the page styles out', async () => {
    const pageStyle = document.createElement('style');
    pageStyle.textContent =
      'button { background-color: rgb(255, 0, 0); } .primary { color: rgb(255, 0, 0); }';
    document.head.append(pageStyle);
    try {
      const element = await mount(
        '<plateia-login open style="--plateia-accent: rgb(0, 128, 0)"></plateia-login>',
      );
      const root = element.shadowRoot as ShadowRoot;
      expect(root.adoptedStyleSheets).toHaveLength(1);
      expect(root.querySelector('style')).toBeNull();
      const sheetText = [...(root.adoptedStyleSheets[0]?.cssRules ?? [])]
        .map((rule) => rule.cssText)
        .join('\n');
      expect(sheetText).toContain('--plateia-accent');
      // Nothing of ours reached the page.
      const pageCss = [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].map((rule) => rule.cssText),
      );
      expect(pageCss.some((text) => text.includes('--plateia-') || text.includes('.dialog'))).toBe(false);
      expect(document.adoptedStyleSheets).toHaveLength(0);
      const submitButton = await waitFor(() =>
        shadow(element).getByRole('button', { name: 'Fazer Login com Email' }),
      );
      expect(getComputedStyle(submitButton).color).not.toBe('rgb(255, 0, 0)');
      const pageButton = document.createElement('button');
      pageButton.className = 'primary';
      document.body.append(pageButton);
      expect(getComputedStyle(pageButton).color).toBe('rgb(255, 0, 0)');
    } finally {
      pageStyle.remove();
    }
  });
});
