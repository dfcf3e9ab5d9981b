-- Organisation API tokens (docs/integrations.md, "API tokens"): a producer's system calls the
-- API as the organisation, within the token's scopes. Only the SHA-256 of the token is kept:
-- the token is 32 random bytes, so a hash without a salt or a slow function cannot be
-- reversed, and the lookup stays one indexed equality.
CREATE TABLE api_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  scopes text[] NOT NULL,
  token_hash text NOT NULL UNIQUE,
  -- The first characters of the token, shown in lists so a producer tells tokens apart.
  token_start text NOT NULL,
  created_by integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_tokens_organisation_idx ON api_tokens (organisation_id, created_at);

-- Webhooks (docs/integrations.md, "Webhooks"): where an organisation wants to hear events. The
-- signing secret is kept as issued: signing needs it (Standard Webhooks' symmetric scheme).
CREATE TABLE webhook_endpoints (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  url text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2000),
  event_types text[] NOT NULL,
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_organisation_idx ON webhook_endpoints (organisation_id);

-- One event that happened (the outbox): written in the transaction that made the change.
CREATE TABLE webhook_messages (
  id text PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One message to one endpoint. `queued_at` is set once its delivery job exists.
CREATE TABLE webhook_deliveries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id text NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'skipped')),
  queued_at timestamptz,
  claimed_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (message_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_unqueued_idx ON webhook_deliveries (id) WHERE queued_at IS NULL;
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id);

-- Every try of a delivery: the delivery log.
CREATE TABLE webhook_attempts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  manual boolean NOT NULL DEFAULT false,
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id);
