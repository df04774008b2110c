-- What a game card may show beside its name and provider: the game's return to player (a percent,
-- two decimals) and its volatility, where the provider publishes them. Both stay empty for games
-- without them (the game list leaves them out); a database seeded before shows none until it is
-- seeded again (`npm run sandbox:reset`), as the seed writes them (sandbox/seed/catalogue.ts).
ALTER TABLE games ADD COLUMN IF NOT EXISTS rtp numeric(5, 2);
ALTER TABLE games ADD COLUMN IF NOT EXISTS volatility text;
ALTER TABLE games ADD CONSTRAINT games_rtp_percent CHECK (rtp IS NULL OR (rtp > 0 AND rtp <= 100));
ALTER TABLE games ADD CONSTRAINT games_volatility_level CHECK (volatility IS NULL OR volatility IN ('low', 'medium', 'high'));
