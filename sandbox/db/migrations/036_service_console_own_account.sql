-- The back office's customer-service console and an operator's own account. An operator's answer in
-- the chat keeps who sent it (the player sees customer service; the console and the audit see the
-- operator). An operator replacing their own authenticator holds the new secret here, sealed like the
-- current one, until a code from it is confirmed (or it expires). Times are epoch ms.
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS operator_id text REFERENCES operators (id) ON DELETE SET NULL;
ALTER TABLE operators ADD COLUMN IF NOT EXISTS totp_pending_secret text;
ALTER TABLE operators ADD COLUMN IF NOT EXISTS totp_pending_expires_at bigint;
ALTER TABLE operators ADD CONSTRAINT operators_totp_pending_sealed CHECK (totp_pending_secret IS NULL OR totp_pending_secret LIKE 'v1.%');
