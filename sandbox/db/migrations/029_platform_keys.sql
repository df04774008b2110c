-- The platform's RSA key pairs for sealed request bodies (sandbox/auth/rsa.ts), kept here so every
-- process on this database hands out and opens the same key (each process made its own before, so a
-- key fetched from one instance could not open a login sent to another). The newest key is handed
-- out; older ones are still accepted during their overlap, then dropped.
CREATE TABLE platform_keys (
  key_id text PRIMARY KEY,
  spki text NOT NULL,
  private_pkcs8 text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX platform_keys_created ON platform_keys (created_at DESC);
