-- "Seja produtor" applications (docs/social.md): stored, e-mailed to the producer team
-- (PRODUCER_TEAM_EMAIL), and confirmed to the applicant.
CREATE TABLE producer_applications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  company text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  audience text NOT NULL CHECK (audience IN ('ate-500', '500-2000', '2000-10000', 'mais-10000')),
  event_description text NOT NULL,
  -- The logged-in customer who applied, when there was one.
  customer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX producer_applications_created_idx ON producer_applications (created_at);
