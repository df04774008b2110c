-- Issue 16 (security).
-- A session opened with a weak or expired password may only change it (and log out) until it does.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false;

-- A launch token lives only as long as the session that launched it.
ALTER TABLE launch_tokens ADD COLUMN IF NOT EXISTS session_hash text;
CREATE INDEX IF NOT EXISTS launch_tokens_session ON launch_tokens (session_hash);
CREATE INDEX IF NOT EXISTS launch_tokens_member ON launch_tokens (member_id);
