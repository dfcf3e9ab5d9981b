-- The integrity job's last result (docs/integrity.md): one row, replaced on every run, that
-- /health reports. The invariants themselves are reads over the real tables (src/integrity/).
CREATE TABLE integrity_checks (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  checked_at timestamptz NOT NULL,
  violations integer NOT NULL CHECK (violations >= 0),
  details jsonb NOT NULL DEFAULT '[]'::jsonb,
  duration_ms integer NOT NULL DEFAULT 0 CHECK (duration_ms >= 0)
);
