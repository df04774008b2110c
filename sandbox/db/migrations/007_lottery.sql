-- Sandbox lottery: the server secret every draw seed derives from (created on first use, never sent),
-- and the bets sold on draws. A bet is `open` until its draw settles it (`settled`), once.
CREATE TABLE lottery_secret (
  id      integer PRIMARY KEY CHECK (id = 1),
  secret  text NOT NULL
);

CREATE TABLE lottery_bets (
  id                     text PRIMARY KEY,
  member_id              text NOT NULL,
  node_id                text NOT NULL REFERENCES games (node_id),
  game_code              text NOT NULL,
  numero                 text NOT NULL,
  draw_at                bigint NOT NULL,
  idempotency_key        text NOT NULL,
  play_type              text NOT NULL,
  pick                   text NOT NULL,
  multiplier             integer NOT NULL,
  stake                  bigint NOT NULL,
  payout                 bigint NOT NULL DEFAULT 0,
  winning_number         text NOT NULL DEFAULT '',
  status                 text NOT NULL,
  stake_transaction_id   text,
  payout_transaction_id  text,
  created_at             bigint NOT NULL,
  settled_at             bigint,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX lottery_bets_due ON lottery_bets (draw_at) WHERE status = 'open';
CREATE INDEX lottery_bets_draw ON lottery_bets (game_code, numero);
CREATE INDEX lottery_bets_member ON lottery_bets (member_id, game_code, created_at DESC);
