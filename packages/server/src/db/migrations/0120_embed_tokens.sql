-- Embed tokens (docs/security.md "Contas em páginas de produtores"): a short-lived session
-- with scope 'embed', minted by the storefront's login popup for one producer page. It is
-- bound to that page's origin and may only call the purchase routes; it dies with the
-- storefront session that minted it.
ALTER TABLE sessions DROP CONSTRAINT sessions_scope_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_scope_check CHECK (scope IN ('session', 'upload', 'embed'));
ALTER TABLE sessions ADD COLUMN origin text;
ALTER TABLE sessions ADD COLUMN parent_session_id bigint REFERENCES sessions(id) ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_embed_origin_check
  CHECK ((scope = 'embed') = (origin IS NOT NULL AND parent_session_id IS NOT NULL));
CREATE INDEX sessions_parent_idx ON sessions (parent_session_id) WHERE parent_session_id IS NOT NULL;
