-- Outgoing e-mail waiting for SMTP (docs/jobs.md "E-mail outbox"). A message is written here
-- with its `mail.send` job in one transaction, tried at once, and retried by the job until the
-- SMTP server takes it; the row is deleted once sent, so links in bodies do not outlive delivery.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  -- Set while one sender (the request that wrote it, or a job) is talking to SMTP.
  claimed_until timestamptz,
  last_error text
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);
