-- Operators' TOTP secrets are stored sealed (AES-256-GCM under OPERATOR_SECRET_KEY, `v1.` prefix),
-- never readable. From now on the database refuses a secret written in the clear; rows written before
-- are sealed by the next start (sandbox/backoffice/secret-box.ts: only the server holds the key), which
-- then validates this constraint.
ALTER TABLE operators ADD CONSTRAINT operators_totp_sealed CHECK (totp_secret LIKE 'v1.%') NOT VALID;
