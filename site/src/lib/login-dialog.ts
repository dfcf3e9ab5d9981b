/**
 * Opens the `<plateia-login>` dialog ("Acessar Conta"). The element's code loads lazily
 * (the layout also preloads it when the browser is idle), so the open request waits for
 * the element to be defined; an event sent before that would be lost. An e-mail, when
 * known (after a password reset), is prefilled.
 */
export async function openLoginDialog(email?: string): Promise<void> {
  await loadLoginElement();
  await customElements.whenDefined('plateia-login');
  document.dispatchEvent(
    new CustomEvent('plateia-login-open', { bubbles: true, composed: true, detail: email ? { email } : {} }),
  );
}

let loading: Promise<unknown> | undefined;

/** Loads and registers `<plateia-login>` once per page; a failed load may be retried. */
export function loadLoginElement(): Promise<unknown> {
  loading ??= import('@plateia/widgets/login').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
