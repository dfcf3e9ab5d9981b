-- Accounts: customers, sessions, single-use e-mail tokens, OpenID Connect login state and
-- the development mailbox. Secrets (session and e-mail tokens) are stored only as SHA-256
-- hex digests; passwords only as argon2id hashes of the md5 digest the browser sends.

CREATE TABLE customers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  salt text NOT NULL,
  password_hash text,
  namef text NOT NULL DEFAULT '',
  namel text NOT NULL DEFAULT '',
  cpfnpj text NOT NULL DEFAULT '',
  passport text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT 'Brasil',
  nickname text NOT NULL DEFAULT '',
  gender text NOT NULL DEFAULT '',
  birth_date date,
  cep text NOT NULL DEFAULT '',
  rua text NOT NULL DEFAULT '',
  numero text NOT NULL DEFAULT '',
  complemento text NOT NULL DEFAULT '',
  bairro text NOT NULL DEFAULT '',
  cidade text NOT NULL DEFAULT '',
  uf text NOT NULL DEFAULT '',
  instagram text NOT NULL DEFAULT '',
  profession text NOT NULL DEFAULT '',
  profession_details text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  isadmin text NOT NULL DEFAULT '0' CHECK (isadmin IN ('0', '1')),
  status integer NOT NULL DEFAULT 1,
  uidcad integer NOT NULL DEFAULT 1,
  email_verified_at timestamptz,
  google_sub text UNIQUE,
  document_path text,
  address_proof_path text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- E-mails are unique regardless of case; lookups use lower(email).
CREATE UNIQUE INDEX customers_email_lower_key ON customers (lower(email));

-- Opaque bearer tokens. `scope` 'session' is a login; 'upload' is the short-lived grant
-- that lets a just-registered (not yet verified) customer upload their documents.
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  scope text NOT NULL DEFAULT 'session' CHECK (scope IN ('session', 'upload')),
  client_uuid text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_customer_idx ON sessions (customer_id);

-- Single-use links sent by e-mail (verification, password recovery).
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'recovery')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_tokens_customer_idx ON email_tokens (customer_id, purpose);

-- Pending OpenID Connect logins: the PKCE verifier and nonce live here, keyed by the
-- state's digest, so any API process can finish a login another one started.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL DEFAULT '/',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- E-mails kept for the development mailbox page (never used in production).
CREATE TABLE mailbox_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
