-- The back office's members area: a member locked by an operator (when, and why: sign-in refused and
-- every session ended until unlocked), and the notes operators leave on a member. Times are epoch ms.
ALTER TABLE members ADD COLUMN IF NOT EXISTS locked_at bigint;
ALTER TABLE members ADD COLUMN IF NOT EXISTS lock_reason text;

CREATE TABLE IF NOT EXISTS member_notes (
  id bigserial PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  operator_id text REFERENCES operators (id) ON DELETE SET NULL,
  operator text NOT NULL,
  text text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS member_notes_member ON member_notes (member_id, id DESC);
