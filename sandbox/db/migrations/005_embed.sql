-- Embed: single-use handoff codes. A member signed in inside the embed's frame (on a partner's page)
-- gets one to open the brand site signed in; the code is valid 60 s, bound to the member, and dies
-- when used. Only its hash is stored. Times are epoch milliseconds, as in 002.
CREATE TABLE IF NOT EXISTS embed_handoffs (
  code_hash text PRIMARY KEY,
  member_id text NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX IF NOT EXISTS embed_handoffs_member ON embed_handoffs (member_id);
