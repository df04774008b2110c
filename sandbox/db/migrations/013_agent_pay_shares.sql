-- Agent pay comes out of a share: a contract pays only periods that start at or
-- after its acceptance, so the acceptance time is kept on the contract; a payout records the share
-- the contract's terms gave on its team's figures (capped by its upline's share) beside the amount
-- actually paid to the downline (that share less what the downline's own sub-contracts took).

ALTER TABLE agent_contracts ADD COLUMN IF NOT EXISTS accepted_at bigint;
UPDATE agent_contracts c SET accepted_at = e.at
FROM (SELECT contract_id, max(at) AS at FROM agent_contract_events WHERE status = 'active' GROUP BY contract_id) e
WHERE e.contract_id = c.id AND c.accepted_at IS NULL;

ALTER TABLE agent_payouts ADD COLUMN IF NOT EXISTS share bigint;
UPDATE agent_payouts SET share = amount WHERE share IS NULL;

-- Pay runs read a kind's contracts in force around a period, and the contracts an agent gave.
CREATE INDEX IF NOT EXISTS agent_contracts_kind_status ON agent_contracts (kind, status);
