-- Issue 28 item 3: what an agent's invitation links bring. A code the agent created carries a label
-- of its own choosing, and can be enabled again after it was disabled; each link's visits are counted
-- once per visitor, code and day (`dedupe` is a hash of them, as embed_funnel's), from the check the
-- registration page makes when it opens with the code.
ALTER TABLE agent_invitations ADD COLUMN IF NOT EXISTS label text NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS invitation_visits (
  dedupe text PRIMARY KEY,
  code text NOT NULL,
  day text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS invitation_visits_code_day ON invitation_visits (code, day);
-- The funnel reads a code's members (their first paid deposit) through the agent's direct downlines.
CREATE INDEX IF NOT EXISTS deposit_orders_member_paid ON deposit_orders (member_id, settled_at) WHERE status = 'paid';
