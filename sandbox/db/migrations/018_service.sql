-- Customer service: the live chat's conversations and messages, feedback images and the
-- operator's answers.

-- A conversation is a member's (known by session) or a guest's (known by a secret key the guest's
-- browser keeps, and a name the guest typed). One open conversation per member or guest key.
CREATE TABLE chat_conversations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text REFERENCES members (id) ON DELETE CASCADE,
  -- sha-256 of the guest's secret key (hex): the key itself is never stored
  guest_key_hash text,
  guest_name text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  last_message_at bigint NOT NULL,
  -- the last message id the operator has seen (waiting = any player message after it)
  operator_seen_id bigint NOT NULL DEFAULT 0,
  CHECK ((member_id IS NULL) <> (guest_key_hash IS NULL))
);
CREATE UNIQUE INDEX chat_conversations_member ON chat_conversations (member_id) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX chat_conversations_guest ON chat_conversations (guest_key_hash) WHERE guest_key_hash IS NOT NULL;

-- Ids grow with time across the whole table: a client resumes "after id N" without loss or doubles.
CREATE TABLE chat_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  -- 'player' or 'operator'
  sender text NOT NULL CHECK (sender IN ('player', 'operator')),
  body text NOT NULL,
  -- the player's own id for this message, so a resent message is stored once
  client_id text,
  created_at bigint NOT NULL
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
CREATE UNIQUE INDEX chat_messages_client ON chat_messages (conversation_id, client_id) WHERE client_id IS NOT NULL;

-- Feedback images are uploaded one by one before the feedback is sent; the upload's key ties them.
CREATE TABLE feedback_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  upload_key text NOT NULL UNIQUE,
  feedback_id bigint REFERENCES feedback (id) ON DELETE CASCADE,
  member_id text REFERENCES members (id) ON DELETE CASCADE,
  -- the uploader's address: a guest's uploads are limited per address
  ip text NOT NULL DEFAULT '',
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX feedback_images_feedback ON feedback_images (feedback_id);

ALTER TABLE feedback ADD COLUMN answer text;
ALTER TABLE feedback ADD COLUMN answered_at bigint;
CREATE INDEX feedback_member ON feedback (member_id, id DESC) WHERE member_id IS NOT NULL;

