import * as v from 'valibot'
import { LanguageSchema, int, qint, text } from './common.ts'

/** Prize modes (SPEC §9). */
export const prizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const
export const PrizeModeSchema = v.picklist(prizeModes)

/** Lottery vendors (SPEC §3). */
export const lotteryVendors = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'] as const

export const LotteryGameMenuSchema = v.object({
  gameId: text(64),
  gameCode: text(64),
  name: text(100),
  vendor: v.picklist(lotteryVendors),
  numero: text(32),
  /** Seconds until this draw closes. */
  remainTime: int(0),
  /** Seconds before the draw at which betting locks. */
  lockTime: int(0),
  gameMenuTag: text(32),
  remark: text(500),
  /** Comma list of days 1..7 (Sunday 1). */
  drawDayOfWeek: text(20),
  winningTime: text(40),
  defaultPlayType: text(32),
})
export const LotteryMenuSchema = v.object({ tag: text(32), gameMenus: v.array(LotteryGameMenuSchema) })

export const LotteryMenuQuery = v.object({
  prizeMode: PrizeModeSchema,
  device: v.optional(v.literal('WEB'), 'WEB'),
  recentCount: v.optional(qint(1, 100)),
})
export const PopularQuery = v.object({
  count: v.optional(qint(1, 50), 20),
  prizeMode: PrizeModeSchema,
  device: v.optional(v.literal('WEB'), 'WEB'),
  language: v.optional(LanguageSchema),
})
export const OpenedQuery = v.object({
  gameCode: v.optional(text(64)),
  count: v.optional(qint(1, 100), 100),
})
export const OpenedNumeroSchema = v.object({
  gameCode: text(64),
  numero: text(32),
  /** Winning numbers as drawn (display capped at 6 digits by the client). */
  winningNumber: text(200),
  openTime: text(40),
})
export const LotteryLaunchQuery = v.object({
  lottoArea: v.optional(v.literal('VN'), 'VN'),
  launchMode: v.optional(v.literal('LOTT'), 'LOTT'),
  prizeMode: PrizeModeSchema,
  gameCode: text(64),
  view: v.optional(v.picklist(['betting', 'lobby']), 'lobby'),
  device: v.optional(v.literal('WEB'), 'WEB'),
  backUrl: v.optional(text(2000)),
  language: v.optional(LanguageSchema),
})
export const MissionSummarySchema = v.object({
  missions: v.array(v.object({ id: text(64), title: text(200), progress: int(0), target: int(0), reward: int(0) })),
})
export const MissionLeaderboardSchema = v.object({
  list: v.array(v.object({ rank: int(1), account: text(64), score: int(0) })),
})
