-- The sites an organisation embeds Plateia's elements on (docs/producers.md, "Embedding"):
-- the API's CORS and the login popup's embed-token grant accept these origins besides the
-- operator-wide CORS_ORIGINS. Exact origins only: scheme, host and port, no path.
CREATE TABLE organisation_origins (
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  origin text NOT NULL CHECK (origin ~ '^https?://[^/?#@]+$'),
  added_by integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, origin)
);
CREATE INDEX organisation_origins_origin_idx ON organisation_origins (origin);
