-- Chat between friends (spec §3 "Chat message (server)", §7). A room is a pair of friends,
-- named `dm-{low id}-{high id}` (core's rules/chat-room.ts), so it needs no table of its own.
CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_room_id text NOT NULL,
  user_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  dst_user_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  content text NOT NULL,
  -- The sender's own id for the message (spec: messageId), so a resent message is stored once.
  client_message_id text,
  is_system boolean NOT NULL DEFAULT false,
  -- Spec §3: 1 read by the addressee, 0 unread.
  dst_read smallint NOT NULL DEFAULT 0 CHECK (dst_read IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_room_idx ON chat_messages (chat_room_id, created_at, id);
CREATE INDEX chat_messages_unread_idx ON chat_messages (dst_user_id, chat_room_id) WHERE dst_read = 0;
CREATE UNIQUE INDEX chat_messages_client_key ON chat_messages (user_id, client_message_id)
  WHERE client_message_id IS NOT NULL;
-- The "now friends" system message is written once per room.
CREATE UNIQUE INDEX chat_messages_system_key ON chat_messages (chat_room_id) WHERE is_system;

-- The send limit (spec §5: 10 per 1000 ms) per account, shared by every API process: the
-- accepted sends of the last second, checked and appended under a per-customer advisory lock.
CREATE TABLE chat_send_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);
CREATE INDEX chat_send_log_customer_idx ON chat_send_log (customer_id, sent_at);
