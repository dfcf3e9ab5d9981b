-- Producers' organisations (docs/producers.md): an organisation owns events, and its members
-- act on them by role. The document is the normalised CPF (11 digits) or CNPJ (14 characters,
-- letters allowed since the alphanumeric CNPJ); NULL only for an organisation made for a
-- producer who had events before organisations existed.
CREATE TABLE organisations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  document text CHECK (document ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
  contact_email text NOT NULL,
  contact_phone text NOT NULL DEFAULT '',
  created_by integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE organisation_members (
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'box_office', 'door', 'viewer')),
  added_at timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, customer_id)
);
CREATE INDEX organisation_members_customer_idx ON organisation_members (customer_id);

-- An invitation names an e-mail address and a role; only the account with that verified
-- address accepts it. The token itself is never stored, only its SHA-256.
CREATE TABLE organisation_invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'manager', 'box_office', 'door', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by integer REFERENCES customers(id) ON DELETE SET NULL,
  revoked_at timestamptz
);
-- One open invitation per address and organisation: inviting again replaces it.
CREATE UNIQUE INDEX organisation_invitations_open_idx
  ON organisation_invitations (organisation_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

ALTER TABLE events ADD COLUMN organisation_id integer REFERENCES organisations(id) ON DELETE RESTRICT;
CREATE INDEX events_organisation_idx ON events (organisation_id);

-- Every producer who already had events gets an organisation of their own, as its owner,
-- and their events move into it.
INSERT INTO organisations (name, contact_email, contact_phone, created_by, created_at)
SELECT coalesce(nullif(trim(c.namef || ' ' || c.namel), ''), c.email), c.email, c.phone, c.id, now()
  FROM customers c
 WHERE c.id IN (SELECT producer_id FROM events WHERE producer_id IS NOT NULL)
 ORDER BY c.id;

INSERT INTO organisation_members (organisation_id, customer_id, role, added_at)
SELECT o.id, o.created_by, 'owner', o.created_at FROM organisations o WHERE o.created_by IS NOT NULL;

UPDATE events e SET organisation_id = o.id FROM organisations o WHERE o.created_by = e.producer_id;
