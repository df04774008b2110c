-- Issue 41: the responsible gaming page showed the audit's free-text detail ("deposit day 155000 -> 500000",
-- raw minor units and codes). Each entry now also keeps its facts (which limit, from, to, minutes, net,
-- duration, end) as JSON, which the page formats in the player's language; `detail` stays for operators.
ALTER TABLE protect_audit ADD COLUMN IF NOT EXISTS facts text;
