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

-- Issue 28 items 4 and 7: the daily roll-up of rounds also keeps the stakes of rounds the player won
-- and lost (what a real-time salary pays on), so the pay rules read whole days of a team from it
-- (basesOver in sandbox/agent/payruns.ts) instead of every round. Same rules as the report columns.
ALTER TABLE agent_member_days ADD COLUMN IF NOT EXISTS won_stake bigint NOT NULL DEFAULT 0;
ALTER TABLE agent_member_days ADD COLUMN IF NOT EXISTS lost_stake bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION agent_member_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
    SELECT member_id, floor(created_at / 86400000.0)::int, sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, 1 AS sign FROM agent_new) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss,
      won_stake = d.won_stake + excluded.won_stake, lost_stake = d.lost_stake + excluded.lost_stake;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
    SELECT member_id, floor(created_at / 86400000.0)::int, sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, -1 AS sign FROM agent_old) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss,
      won_stake = d.won_stake + excluded.won_stake, lost_stake = d.lost_stake + excluded.lost_stake;
  ELSE
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
    SELECT member_id, floor(created_at / 86400000.0)::int, sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, 1 AS sign FROM agent_new UNION ALL SELECT member_id, created_at, stake, payout, status, -1 FROM agent_old) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss,
      won_stake = d.won_stake + excluded.won_stake, lost_stake = d.lost_stake + excluded.lost_stake;
  END IF;
  RETURN NULL;
END $$;

-- Rounds already there.
UPDATE agent_member_days d SET won_stake = x.won, lost_stake = x.lost
FROM (
  SELECT member_id, floor(created_at / 86400000.0)::int AS day,
    sum(CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END) AS won,
    sum(CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END) AS lost
  FROM rounds GROUP BY 1, 2
) x
WHERE d.member_id = x.member_id AND d.day = x.day AND (x.won <> 0 OR x.lost <> 0);
