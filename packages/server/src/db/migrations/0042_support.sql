-- Support requests ("Meus suportes", docs/social.md): a request is a thread of messages
-- between the customer and the support team, optionally about one of the customer's
-- orders or tickets, with attachments checked by content and stored beside the documents.
CREATE TABLE support_requests (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  subject text NOT NULL,
  category text NOT NULL
    CHECK (category IN ('ingressos', 'pagamento', 'transferencia', 'conta', 'evento', 'outro')),
  order_id integer REFERENCES orders(id) ON DELETE SET NULL,
  ticket_id integer REFERENCES tickets(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_requests_customer_idx ON support_requests (customer_id, updated_at DESC);

CREATE TABLE support_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id integer NOT NULL REFERENCES support_requests(id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('customer', 'staff')),
  author_id integer REFERENCES customers(id) ON DELETE SET NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_messages_request_idx ON support_messages (request_id, created_at, id);

CREATE TABLE support_attachments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id integer NOT NULL REFERENCES support_messages(id) ON DELETE CASCADE,
  file_name text NOT NULL,
  stored_name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL
);
CREATE INDEX support_attachments_message_idx ON support_attachments (message_id);

-- Accounts of the support team: they answer through POST /staff/support/{id}/reply.
CREATE TABLE support_staff (
  customer_id integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
