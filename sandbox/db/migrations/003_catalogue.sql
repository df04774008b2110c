-- Catalogue, content, play records and lottery schedules of the sandbox platform.
-- Times are epoch milliseconds (bigint) taken from the server's injectable clock, so tests can move time.
-- Money is integer minor units. Must run unchanged on PGlite and PostgreSQL 15.

CREATE TABLE vendors (
  code              text PRIMARY KEY,
  name              text NOT NULL,
  -- The vendor's own category (ESPORTS, COCKFIGHT …) and the platform menu it is listed under (SPORTS).
  game_type         text NOT NULL,
  menu_type         text NOT NULL,
  is_hot            smallint NOT NULL DEFAULT 0,
  is_game           text NOT NULL DEFAULT 'GAME',
  account_type_id   integer NOT NULL,
  account_type_name text NOT NULL,
  color             text NOT NULL,
  sort              integer NOT NULL
);

CREATE TABLE games (
  node_id           text PRIMARY KEY,
  game_code         text NOT NULL,
  code              text NOT NULL,
  vendor            text NOT NULL REFERENCES vendors (code),
  game_type         text NOT NULL,
  game_group_code   text NOT NULL,
  game_classify     text NOT NULL,
  name_en           text NOT NULL,
  name_es           text NOT NULL,
  is_hot            smallint NOT NULL DEFAULT 0,
  is_game           text NOT NULL DEFAULT 'GAME',
  default_play_type text NOT NULL DEFAULT '',
  min_bet           integer NOT NULL,
  maintenance       boolean NOT NULL DEFAULT false,
  popularity        integer NOT NULL DEFAULT 0
);
CREATE INDEX games_type_order ON games (game_type, is_hot DESC, name_en);
CREATE INDEX games_vendor ON games (vendor, game_classify);

CREATE TABLE banners (
  banner_id     text PRIMARY KEY,
  group_name    text NOT NULL,
  title_en      text NOT NULL,
  title_es      text NOT NULL,
  linkage_type  text NOT NULL DEFAULT '',
  linkage       text NOT NULL DEFAULT '',
  color         text NOT NULL,
  sort          integer NOT NULL
);

CREATE TABLE notices (
  id          text PRIMARY KEY,
  type        text NOT NULL,
  title_en    text NOT NULL,
  title_es    text NOT NULL,
  content_en  text NOT NULL,
  content_es  text NOT NULL,
  image       text NOT NULL DEFAULT '',
  start_time  bigint NOT NULL,
  sort        integer NOT NULL
);

CREATE TABLE favourites (
  member_id  text NOT NULL,
  node_id    text NOT NULL REFERENCES games (node_id),
  created_at bigint NOT NULL,
  PRIMARY KEY (member_id, node_id)
);

-- One settled round of a demo game. `idempotency_key` is the client's key, unique per member, so a
-- retried round is answered from here instead of being played (and paid) again.
CREATE TABLE rounds (
  id               text PRIMARY KEY,
  member_id        text NOT NULL,
  node_id          text NOT NULL REFERENCES games (node_id),
  idempotency_key  text NOT NULL,
  stake            bigint NOT NULL,
  payout           bigint NOT NULL,
  choice           text NOT NULL DEFAULT '',
  outcome          text NOT NULL,
  status           text NOT NULL,
  transaction_id   text,
  created_at       bigint NOT NULL,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX rounds_member_time ON rounds (member_id, created_at DESC);

CREATE TABLE winners (
  id          bigserial PRIMARY KEY,
  account     text NOT NULL,
  member_id   text,
  node_id     text NOT NULL REFERENCES games (node_id),
  win_amount  bigint NOT NULL,
  created_at  bigint NOT NULL
);
CREATE INDEX winners_time ON winners (created_at DESC);

-- Launch tokens are stored hashed: the token itself only ever lives in the launch URL.
CREATE TABLE launch_tokens (
  token_hash  text PRIMARY KEY,
  member_id   text NOT NULL,
  node_id     text NOT NULL REFERENCES games (node_id),
  language    text NOT NULL,
  view        text NOT NULL DEFAULT '',
  expires_at  bigint NOT NULL,
  created_at  bigint NOT NULL
);
CREATE INDEX launch_tokens_expiry ON launch_tokens (expires_at);

CREATE TABLE rooms (
  room_id   text PRIMARY KEY,
  node_id   text NOT NULL REFERENCES games (node_id),
  name      text NOT NULL,
  min_bet   integer NOT NULL,
  players   integer NOT NULL,
  capacity  integer NOT NULL
);

-- Draw schedule of a lottery game (its row in `games` carries name, vendor and type).
-- Interval games draw every `interval_sec` from midnight (local); daily games draw at `winning_time`
-- on the listed weekdays (1 = Sunday … 7 = Saturday).
CREATE TABLE lottery_games (
  node_id          text PRIMARY KEY REFERENCES games (node_id),
  game_code        text NOT NULL UNIQUE,
  vendor           text NOT NULL,
  tag              text NOT NULL,
  prize_modes      text NOT NULL,
  interval_sec     integer NOT NULL DEFAULT 0,
  draw_day_of_week text NOT NULL DEFAULT '1,2,3,4,5,6,7',
  winning_time     text NOT NULL DEFAULT '',
  tz_offset_min    integer NOT NULL,
  lock_time        integer NOT NULL,
  digits           integer NOT NULL,
  remark_en        text NOT NULL DEFAULT '',
  remark_es        text NOT NULL DEFAULT '',
  sort             integer NOT NULL
);

CREATE TABLE mission_board (
  account  text PRIMARY KEY,
  score    integer NOT NULL
);
