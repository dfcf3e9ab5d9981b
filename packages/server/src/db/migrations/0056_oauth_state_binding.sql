-- A pending Google sign-in is bound to the browser that started it: the digest of a random
-- value kept in an HttpOnly cookie on the API host (the callback must come with it), and
-- the storefront tab's own nonce, echoed back in the callback's fragment so the storefront
-- uses only tokens from sign-ins it started.
ALTER TABLE oauth_states ADD COLUMN browser_hash text NOT NULL DEFAULT '';
ALTER TABLE oauth_states ADD COLUMN client_nonce text NOT NULL DEFAULT '';
