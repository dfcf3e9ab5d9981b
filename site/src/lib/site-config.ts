/**
 * Runtime configuration of the storefront, read from the process environment on every
 * request (not inlined at build time), so one build serves any deployment.
 */

/** Settings the layout and the islands need; everything here is safe to send to browsers. */
export interface SiteConfig {
  /** Where browsers and widgets reach the API host. */
  apiUrl: string;
  /**
   * The producer area, opened in a new tab by "Área do Produtor": `/produtor` on this
   * storefront unless the deployment points it elsewhere.
   */
  producerAreaUrl: string;
  /** The external events listing; pages receiving a `slug` query redirect there. */
  eventsListingUrl: string;
  /** The direct-message link behind "Precisa de Ajuda?" and the footer's help button. */
  helpUrl: string;
  /** Social profiles linked from the footer. */
  social: { instagram: string; tiktok: string; youtube: string };
  /** `true` only when NODE_ENV is `development`; enables the development mailbox. */
  isDevelopment: boolean;
}

/**
 * Development behaviour (the mailbox page, a card frame any page may frame) only when
 * NODE_ENV is `development`, as on the API host: `test`, an unset, misspelt or unknown
 * NODE_ENV ("prod", "staging") gets the production behaviour, so a deployment fails closed.
 */
export function isDevelopmentEnv(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV?.trim() === 'development';
}

/** True for a loopback client address (IPv4 127/8, IPv6 ::1, IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^::ffff:/i, '');
  return bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function read(name: string, fallback: string): string {
  const value = process.env[name]?.trim();
  return value ? value : fallback;
}

/** Reads the configuration; called per request so a restart with new variables is all it takes. */
export function getSiteConfig(): SiteConfig {
  return {
    apiUrl: read('PUBLIC_API_URL', 'http://localhost:3000').replace(/\/+$/, ''),
    producerAreaUrl: read('PRODUCER_AREA_URL', '/produtor'),
    eventsListingUrl: read('EVENTS_LISTING_URL', 'https://eventos.plateia.com.br/'),
    helpUrl: read('HELP_DM_URL', 'https://ig.me/m/plateia'),
    social: {
      instagram: read('SOCIAL_INSTAGRAM_URL', 'https://www.instagram.com/plateia'),
      tiktok: read('SOCIAL_TIKTOK_URL', 'https://www.tiktok.com/@plateia'),
      youtube: read('SOCIAL_YOUTUBE_URL', 'https://www.youtube.com/@plateia'),
    },
    isDevelopment: isDevelopmentEnv(),
  };
}

/**
 * Serialises a value for an inline `<script>`: JSON with `<` escaped, so a configured URL
 * can never close the script element early.
 */
export function toInlineScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
