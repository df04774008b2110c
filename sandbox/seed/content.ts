import type { Db, Queryable } from '../db/index.ts'
import { maskAccount, playRound } from '../games/rounds.ts'
import { choicesOf, kindOf } from '../games/engine.ts'
import type { GameRow } from './catalogue.ts'
import { bannerDefs, noticeDefs } from './notices.ts'
import { bannerTranslations, noticeTranslations } from './notices-cn-vi.ts'
import { between, insertRows, pick, prng } from './rows.ts'

const HOUR = 3_600_000

// Invented player names for the public boards (masked before they are shown).
const players = [
  'minh88',
  'lucky_lan',
  'tuananh',
  'carlos77',
  'mariag',
  'huongpham',
  'kingkong9',
  'sofia_r',
  'bao_ngoc',
  'javier21',
  'thanhtam',
  'ana_lucia',
  'quanghai',
  'pedro_s',
  'linhchi',
  'dragon99',
  'valentina',
  'hoangnam',
  'diego_m',
  'mai_anh',
  'rafael8',
  'thuytien',
  'luisa_p',
  'ducmanh',
  'camila_v',
]

const insertBanners = (q: Queryable) =>
  insertRows(
    q,
    'banners',
    ['banner_id', 'group_name', 'title_en', 'title_es', 'title_cn', 'title_vi', 'linkage_type', 'linkage', 'color', 'sort'],
    bannerDefs.map((x, i) => {
      const own = bannerTranslations[x.titleEn]
      return [`BN${String(i + 1).padStart(3, '0')}`, x.group, x.titleEn, x.titleEs, own?.cn ?? '', own?.vi ?? '', x.linkageType, x.linkage, x.color, i]
    }),
  )

/**
 * Seeds banners, notices, the winner board, the mission leaderboard and demo01's favourites and betting
 * history (settled through the ledger, so demo01's balance and records agree). With `demo` false
 * (production) only the banners.
 * @param db - the sandbox database, with the catalogue and the demo accounts already in place
 * @param games - the seeded games
 */
export async function seedContent(db: Db, games: readonly GameRow[], opts: { demo?: boolean } = {}): Promise<void> {
  const now = Date.now()
  const rnd = prng(42)
  const playable = games.filter((g) => g.isGame === 'GAME' && !g.maintenance)
  if (opts.demo === false) {
    // Production: the banners of the catalogue's games, but no invented notices, winners or scores.
    await insertBanners(db)
    return
  }
  await db.tx(async (q) => {
    await insertBanners(q)
    await insertRows(
      q,
      'notices',
      ['id', 'type', 'title_en', 'title_es', 'title_cn', 'title_vi', 'content_en', 'content_es', 'content_cn', 'content_vi', 'image', 'start_time', 'sort'],
      noticeDefs.map((x, i) => {
        const own = noticeTranslations[x.id]
        return [
          x.id,
          x.type,
          x.titleEn,
          x.titleEs,
          own?.cn.title ?? '',
          own?.vi.title ?? '',
          x.contentEn,
          x.contentEs,
          own?.cn.content ?? '',
          own?.vi.content ?? '',
          x.image,
          now - x.ageHours * HOUR,
          i,
        ]
      }),
    )
    const boardGames = playable.filter((g) => g.isHot || g.popularity > 1500)
    await insertRows(
      q,
      'winners',
      ['account', 'node_id', 'win_amount', 'created_at'],
      Array.from({ length: 160 }, (_, i) => {
        const g = pick(rnd, boardGames)
        const big = rnd() < 0.1
        return [maskAccount(pick(rnd, players)), g.nodeId, between(rnd, big ? 500_000 : 2_000, big ? 5_000_000 : 200_000), now - (160 - i) * 17 * 60_000]
      }),
    )
    await insertRows(
      q,
      'mission_board',
      ['account', 'score'],
      players.map((p) => [maskAccount(p), between(rnd, 40, 2400)]),
    )
  })

  const [demo] = await db.query<{ id: string; username: string }>(`SELECT id, username FROM members WHERE username = 'demo01'`)
  if (!demo) return
  const favourites = [
    ...new Set([
      games.find((g) => g.nodeId === 'PG-0001'),
      ...Array.from({ length: 7 }, () =>
        pick(
          rnd,
          playable.filter((g) => g.isHot),
        ),
      ),
    ]),
  ].filter((g): g is GameRow => g !== undefined)
  await insertRows(
    db,
    'favourites',
    ['member_id', 'node_id', 'created_at'],
    favourites.map((g, i) => [demo.id, g.nodeId, now - (favourites.length - i) * HOUR]),
  )

  // A history over a few days across categories: slots mostly, some live, sports and lottery rounds.
  const byType = (t: string) => playable.filter((g) => g.gameType === t)
  const pool = [...byType('RNG').slice(0, 400), ...byType('LIVE').slice(0, 40), ...byType('FISH').slice(0, 20), ...byType('SPORTS'), ...byType('ELOTT').slice(0, 10)]
  const recentPicks = Array.from({ length: 8 }, () => pick(rnd, pool))
  const seeded = (max: number) => Math.floor(rnd() * max)
  for (let i = 0; i < 36; i++) {
    const g = i >= 28 ? recentPicks[i - 28] : pick(rnd, [...recentPicks, ...pool.slice(0, 60)])
    const kind = kindOf(g.gameType)
    const stake = Math.max(g.minBet, pick(rnd, [100, 200, 500, 1000, 2000]))
    await playRound(
      db,
      {
        player: demo,
        game: { nodeId: g.nodeId, gameType: g.gameType, minBet: g.minBet },
        stake,
        choice: pick(rnd, choicesOf[kind]),
        idempotencyKey: `seed-demo01-round-${String(i).padStart(3, '0')}`,
      },
      now - (36 - i) * 2 * HOUR,
      seeded,
    )
  }
  // The ledger stamps its entries with the time they are written; the seeded history is dated in the
  // past, so its entries take their round's time: one round, one time, in the betting and the account
  // record alike (02:44 in one, 04:44 in the other).
  await db.query(`UPDATE ledger_entries e SET created_at = to_timestamp(r.created_at / 1000.0) FROM rounds r WHERE r.member_id = $1 AND r.transaction_id = e.transaction_id`, [
    demo.id,
  ])
}
