import type { Queryable } from '../db/index.ts'

/**
 * Test fixture: one 60-second lottery game (`T_FAST`, 3 digits, lock 5 s, min bet 1.00) in an
 * otherwise empty catalogue, for tests that run on a bare PostgreSQL database.
 */
export async function insertFastLottery(q: Queryable): Promise<void> {
  await q.query(`INSERT INTO vendors (code, name, game_type, menu_type, account_type_id, account_type_name, color, sort)
    VALUES ('ELOTT', 'E-Lottery', 'ELOTT', 'ELOTT', 1, 'ELOTT', '#7b1fa2', 1) ON CONFLICT DO NOTHING`)
  await q.query(`INSERT INTO games (node_id, game_code, code, vendor, game_type, game_group_code, game_classify, name_en, name_es, min_bet)
    VALUES ('LOT-T_FAST', 'T_FAST', '1', 'ELOTT', 'ELOTT', 'ELOTT_ELOTT', 'QUICK', 'Test fast', 'Test rápido', 100) ON CONFLICT DO NOTHING`)
  await q.query(`INSERT INTO lottery_games (node_id, game_code, vendor, tag, prize_modes, interval_sec, tz_offset_min, lock_time, digits, sort)
    VALUES ('LOT-T_FAST', 'T_FAST', 'ELOTT', 'FAST_3', 'Elott', 60, 420, 5, 3, 1) ON CONFLICT DO NOTHING`)
}
