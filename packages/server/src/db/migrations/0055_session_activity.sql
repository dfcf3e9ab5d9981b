-- Session activity: when each session was last used (idle timeout), which browser uses it
-- (the list of one's sessions), and token rotation. A rotated session keeps the digest of
-- its previous token until the new one is first presented, so an answer lost on its way to
-- the browser does not sign anyone out.
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz;
ALTER TABLE sessions ADD COLUMN rotated_at timestamptz;
ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN previous_token_hash text;
UPDATE sessions SET last_used_at = created_at, rotated_at = created_at;
ALTER TABLE sessions ALTER COLUMN last_used_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN last_used_at SET DEFAULT now();
ALTER TABLE sessions ALTER COLUMN rotated_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN rotated_at SET DEFAULT now();
CREATE UNIQUE INDEX sessions_previous_token_key ON sessions (previous_token_hash);
