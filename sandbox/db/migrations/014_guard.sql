-- Issue 24 (guard).
-- A bonus the member forfeited (to move money out before its wagering is met) withholds nothing more.
ALTER TABLE deposit_bonuses ADD COLUMN IF NOT EXISTS forfeited_at bigint;
-- An embed handoff code is bound to the frame that asked for it: the SHA-256 (base64url) of a
-- verifier only that frame holds, checked when the code is redeemed (as OAuth's PKCE does).
ALTER TABLE embed_handoffs ADD COLUMN IF NOT EXISTS challenge text;
-- ...and to the session that asked for it: the code dies with that session (logout), and every code
-- of a member dies on a password change or reset.
ALTER TABLE embed_handoffs ADD COLUMN IF NOT EXISTS session_hash text;
