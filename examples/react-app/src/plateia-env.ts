// Imported first by main.tsx, so it runs before @plateia/core and the elements load: the
// storefront's address makes this page a producer's page to them (docs/security.md), so
// the login and the card entry open Plateia's own window and frame, and the session stays
// in memory. Without it the API host refuses a password typed on this page.
globalThis.PLATEIA_SITE_URL = __PLATEIA_SITE__;
