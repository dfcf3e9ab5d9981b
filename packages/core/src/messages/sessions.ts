/**
 * pt-BR texts of the session list in the profile ("Sessões ativas"), "sign out everywhere"
 * and the API host's answers about sessions.
 */

/** The API host's answer when a session id is not one of the caller's live sessions. */
export const SESSION_NOT_FOUND_MESSAGE = 'Sessão não encontrada.';

/** Texts of the profile's session list. */
export const SESSION_LIST_MESSAGES = {
  title: 'Sessões ativas',
  lead: 'Aparelhos e navegadores conectados à sua conta. Encerre os que você não reconhece.',
  current: 'Este dispositivo',
  createdAt: 'Entrou em',
  lastUsedAt: 'Último uso',
  unknownDevice: 'Dispositivo desconhecido',
  revoke: 'Encerrar',
  revokeLabel: (device: string) => `Encerrar a sessão de ${device}`,
  revoked: 'Sessão encerrada.',
  revokeAll: 'Sair de todos os dispositivos',
  revokeAllConfirm: 'Isso encerra todas as sessões da sua conta, inclusive esta. Deseja continuar?',
  revokeAllDone: 'Você saiu de todos os dispositivos.',
  loading: 'Carregando sessões...',
  loadFailed: 'Não foi possível carregar suas sessões.',
  revokeFailed: 'Não foi possível encerrar a sessão. Tente novamente.',
  empty: 'Nenhuma sessão ativa.',
} as const;

/** "Chrome no Windows": a device label from a user agent, in pt-BR. */
export function describeUserAgent(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} no ${system}`;
  return browser ?? system ?? SESSION_LIST_MESSAGES.unknownDevice;
}

/**
 * The API host's answer when a producer page's embed token calls a route outside the purchase
 * routes it is scoped to (docs/security.md).
 */
export const EMBED_FORBIDDEN_MESSAGE =
  'Este acesso do site parceiro não permite esta operação. Entre pela Plateia.';
/** The API host's answer when an embed token is asked from anywhere but the storefront. */
export const EMBED_ORIGIN_MESSAGE = 'Só a Plateia pode conceder acesso a um site parceiro.';
/**
 * The API host's answer to a password login sent from a page on another origin than the
 * storefront's (elements bundled into a producer's page without `PLATEIA_SITE_URL`): the
 * password and a full session belong on the storefront only.
 */
export const LOGIN_ORIGIN_MESSAGE =
  'Por segurança, a senha da Plateia só é digitada no site da Plateia. Este site precisa abrir a janela de login da Plateia.';
/** The API host's answer when the site asking access is not a valid or a registered origin. */
export const EMBED_SITE_MESSAGE = 'Este site não está autorizado a usar contas da Plateia.';
