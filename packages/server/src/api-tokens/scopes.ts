/** What an organisation API token may be allowed to do (docs/integrations.md, "Scopes"). */
export const API_TOKEN_SCOPES = ['orders:read', 'webhooks:write'] as const;

/** One scope of an organisation API token. */
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
