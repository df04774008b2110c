-- A new offer no longer ends the live contract: the downline keeps its active
-- contract of a kind while it considers an offer of the same kind, and the active one is replaced
-- only when the offer is accepted. So a downline holds at most one active and at most one offered
-- contract per kind, instead of one of either.

DROP INDEX IF EXISTS agent_contracts_live;
CREATE UNIQUE INDEX IF NOT EXISTS agent_contracts_active ON agent_contracts (downline_id, kind) WHERE status = 'active';
CREATE UNIQUE INDEX IF NOT EXISTS agent_contracts_offered ON agent_contracts (downline_id, kind) WHERE status = 'offered';
