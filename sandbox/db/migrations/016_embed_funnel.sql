-- Issue 27: what embedded elements bring an affiliate. Impressions and game clicks are counted here,
-- once per visitor, day and item (`dedupe` is a hash of them, so a refreshed page or a replayed
-- beacon counts nothing more); registrations and first deposits are read from the members (their
-- registration address names the embed's frame) and their deposits.
CREATE TABLE IF NOT EXISTS embed_funnel (
  dedupe text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('impression', 'click')),
  affiliate_code text NOT NULL,
  sub_id text NOT NULL DEFAULT '',
  day text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS embed_funnel_code_day ON embed_funnel (affiliate_code, day);
