// The list of one's sessions (the profile's "Sessões ativas"): what the API host answers
// and the storefront shows.

/** One live login of the customer. Times are ISO 8601. */
export interface SessionSummary {
  id: number;
  /** The browser's user agent at its first use ('' when it sent none). */
  userAgent: string;
  createdAt: string;
  lastUsedAt: string;
  /** The session the request itself came with. */
  current: boolean;
}

/** `GET /customer/sessions`. */
export interface SessionListAnswer {
  data: SessionSummary[];
}

/** `POST /customer/sessions/revoke-all`: how many sessions ended. */
export interface RevokeAllAnswer {
  success: boolean;
  revoked: number;
}
