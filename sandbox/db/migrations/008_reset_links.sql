-- Issue 16 item 4: a forgotten password is reset through an emailed single-use link (15 minutes);
-- the password itself is untouched until the link is used. Only a hash of the link's token is kept.
CREATE TABLE IF NOT EXISTS password_reset_links (
  token_hash text PRIMARY KEY,
  member_id text NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX IF NOT EXISTS password_reset_links_member ON password_reset_links (member_id);
