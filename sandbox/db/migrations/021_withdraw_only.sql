-- Issue 30 (gaps): during a time-out or self-exclusion the player may still withdraw. Such a login opens
-- a withdrawal-only session: the sandbox answers only the calls in `withdrawOnlyEndpoints`
-- (sdk/contract/protect.ts) for it and refuses every other token-marked call with `account_excluded`.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS withdraw_only boolean NOT NULL DEFAULT false;
