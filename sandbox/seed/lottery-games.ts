/** A lottery game of the seed: schedule and display data. */
export interface LotteryDef {
  gameCode: string
  vendor: 'TCG_LOTTO_VN' | 'TCG_SEA' | 'ELOTT' | 'LOTT'
  en: string
  es: string
  tag: string
  /** Comma list of the prize modes (SPEC §9) whose menus list this game. */
  prizeModes: string
  /** Seconds between draws for fast games; 0 for scheduled daily draws. */
  intervalSec: number
  /** Comma list of weekdays 1..7, Sunday 1. */
  drawDayOfWeek: string
  /** Local draw time `HH:mm` for scheduled games. */
  winningTime: string
  /** Offset of the draw's local time from UTC, minutes. */
  tzOffsetMin: number
  lockTime: number
  digits: number
  defaultPlayType: string
  remarkEn: string
  remarkEs: string
}

const VN = 7 * 60
const daily = '1,2,3,4,5,6,7'
const south = (gameCode: string, name: string, days: string): LotteryDef => ({
  gameCode,
  vendor: 'TCG_LOTTO_VN',
  en: name,
  es: name,
  tag: 'MIEN_NAM',
  prizeModes: 'Lott,Elott',
  intervalSec: 0,
  drawDayOfWeek: days,
  winningTime: '16:15',
  tzOffsetMin: VN,
  lockTime: 900,
  digits: 6,
  defaultPlayType: 'BAO_LO_2',
  remarkEn: 'Southern region draw, results from 16:15 (UTC+7).',
  remarkEs: 'Sorteo de la región sur, resultados desde las 16:15 (UTC+7).',
})
const central = (gameCode: string, name: string, days: string): LotteryDef => ({
  ...south(gameCode, name, days),
  tag: 'MIEN_TRUNG',
  winningTime: '17:15',
  remarkEn: 'Central region draw, results from 17:15 (UTC+7).',
  remarkEs: 'Sorteo de la región central, resultados desde las 17:15 (UTC+7).',
})
const fast = (gameCode: string, en: string, es: string, tag: string, intervalSec: number, digits: number): LotteryDef => ({
  gameCode,
  vendor: 'ELOTT',
  en,
  es,
  tag,
  prizeModes: 'Elott,ZY',
  intervalSec,
  drawDayOfWeek: daily,
  winningTime: '',
  tzOffsetMin: VN,
  lockTime: intervalSec >= 180 ? 15 : 5,
  digits,
  defaultPlayType: 'BIG_SMALL',
  remarkEn: `A draw every ${intervalSec / 60} min, around the clock.`,
  remarkEs: `Un sorteo cada ${intervalSec / 60} min, a toda hora.`,
})
const sea = (gameCode: string, en: string, es: string, tag: string, days: string, time: string, tz: number, digits: number): LotteryDef => ({
  gameCode,
  vendor: 'TCG_SEA',
  en,
  es,
  tag,
  prizeModes: 'SEA',
  intervalSec: 0,
  drawDayOfWeek: days,
  winningTime: time,
  tzOffsetMin: tz,
  lockTime: 600,
  digits,
  defaultPlayType: digits === 4 ? '4D_BIG' : 'STRAIGHT',
  remarkEn: `Results at ${time} local time.`,
  remarkEs: `Resultados a las ${time} hora local.`,
})
const lott = (gameCode: string, en: string, es: string, tag: string, days: string, time: string, intervalSec: number, digits: number): LotteryDef => ({
  gameCode,
  vendor: 'LOTT',
  en,
  es,
  tag,
  prizeModes: 'Lott',
  intervalSec,
  drawDayOfWeek: days,
  winningTime: time,
  tzOffsetMin: VN,
  lockTime: intervalSec > 0 ? 30 : 600,
  digits,
  defaultPlayType: 'STRAIGHT',
  remarkEn: intervalSec > 0 ? `A draw every ${intervalSec / 60} min.` : `Results at ${time} (UTC+7).`,
  remarkEs: intervalSec > 0 ? `Un sorteo cada ${intervalSec / 60} min.` : `Resultados a las ${time} (UTC+7).`,
})

/** Every lottery game of the sandbox: VN regional, SEA, fast electronic and classic lotto draws. */
export const lotteryDefs: readonly LotteryDef[] = [
  {
    ...south('VN_MB', 'Mien Bac', daily),
    tag: 'MIEN_BAC',
    winningTime: '18:15',
    en: 'Mien Bac (Ha Noi)',
    es: 'Mien Bac (Hanói)',
    remarkEn: 'Northern region draw every day, results from 18:15 (UTC+7).',
    remarkEs: 'Sorteo diario de la región norte, resultados desde las 18:15 (UTC+7).',
  },
  {
    ...south('VN_SIEUTOC', 'Sieu Toc 1 Phut', daily),
    tag: 'SIEU_TOC',
    intervalSec: 60,
    winningTime: '',
    lockTime: 5,
    prizeModes: 'Lott,Elott',
    en: 'Super Speed 1 min',
    es: 'Súper Rápido 1 min',
    remarkEn: 'Northern-style results every minute.',
    remarkEs: 'Resultados estilo norte cada minuto.',
  },
  south('VN_HCM', 'TP. Ho Chi Minh', '2,7'),
  south('VN_DT', 'Dong Thap', '2'),
  south('VN_CM', 'Ca Mau', '2'),
  south('VN_BTR', 'Ben Tre', '3'),
  south('VN_VT', 'Vung Tau', '3'),
  south('VN_BL', 'Bac Lieu', '3'),
  south('VN_DN', 'Dong Nai', '4'),
  south('VN_CT', 'Can Tho', '4'),
  south('VN_ST', 'Soc Trang', '4'),
  south('VN_TN', 'Tay Ninh', '5'),
  south('VN_AG', 'An Giang', '5'),
  south('VN_BTH', 'Binh Thuan', '5'),
  south('VN_VL', 'Vinh Long', '6'),
  south('VN_BD', 'Binh Duong', '6'),
  south('VN_TV', 'Tra Vinh', '6'),
  south('VN_LA', 'Long An', '7'),
  south('VN_BP', 'Binh Phuoc', '7'),
  south('VN_HG', 'Hau Giang', '7'),
  south('VN_TG', 'Tien Giang', '1'),
  south('VN_KG', 'Kien Giang', '1'),
  south('VN_DL', 'Da Lat', '1'),
  central('VN_TTH', 'Thua Thien Hue', '1,2'),
  central('VN_PY', 'Phu Yen', '2'),
  central('VN_DLK', 'Dak Lak', '3'),
  central('VN_QNM', 'Quang Nam', '3'),
  central('VN_DNG', 'Da Nang', '4,7'),
  central('VN_KH', 'Khanh Hoa', '1,4'),
  central('VN_BDI', 'Binh Dinh', '5'),
  central('VN_QT', 'Quang Tri', '5'),
  central('VN_QB', 'Quang Binh', '5'),
  central('VN_GL', 'Gia Lai', '6'),
  central('VN_NT', 'Ninh Thuan', '6'),
  central('VN_QNG', 'Quang Ngai', '7'),
  central('VN_DNO', 'Dak Nong', '7'),
  central('VN_KT', 'Kon Tum', '1'),
  sea('SEA_TH', 'Thai Lottery', 'Lotería Tailandesa', 'THAILAND', daily, '15:30', 7 * 60, 6),
  sea('SEA_LA', 'Lao Lottery', 'Lotería de Laos', 'LAOS', '2,4,6', '20:30', 7 * 60, 6),
  sea('SEA_HNV', 'Hanoi VIP', 'Hanói VIP', 'VIETNAM', daily, '19:30', 7 * 60, 5),
  sea('SEA_MY4D', 'Malaysia 4D', 'Malasia 4D', 'MALAYSIA', '1,4,7', '19:00', 8 * 60, 4),
  sea('SEA_MAG', 'Magnum 4D', 'Magnum 4D', 'MALAYSIA', '1,4,7', '19:00', 8 * 60, 4),
  sea('SEA_SG4D', 'Singapore 4D', 'Singapur 4D', 'SINGAPORE', '1,4,7', '18:30', 8 * 60, 4),
  sea('SEA_SGT', 'Singapore Toto', 'Singapur Toto', 'SINGAPORE', '2,5', '18:30', 8 * 60, 6),
  sea('SEA_ID', 'Indonesia Togel', 'Togel de Indonesia', 'INDONESIA', daily, '21:00', 7 * 60, 4),
  fast('EL_F3_1', 'Fast 3 · 1 min', 'Rápido 3 · 1 min', 'FAST_3', 60, 3),
  fast('EL_F3_3', 'Fast 3 · 3 min', 'Rápido 3 · 3 min', 'FAST_3', 180, 3),
  fast('EL_L5_1', 'Lucky 5 · 1 min', 'Suerte 5 · 1 min', 'LUCKY_5', 60, 5),
  fast('EL_L5_2', 'Lucky 5 · 2 min', 'Suerte 5 · 2 min', 'LUCKY_5', 120, 5),
  fast('EL_L5_5', 'Lucky 5 · 5 min', 'Suerte 5 · 5 min', 'LUCKY_5', 300, 5),
  fast('EL_P3_2', 'Pick 3 · 2 min', 'Elige 3 · 2 min', 'PICK_3', 120, 3),
  fast('EL_RC_5', 'Racing 10 · 5 min', 'Carreras 10 · 5 min', 'RACING', 300, 5),
  fast('EL_LK_4', 'Lucky 4D · 4 min', 'Suerte 4D · 4 min', 'LUCKY_5', 240, 4),
  lott('LT_645', 'Lotto 6/45', 'Loto 6/45', 'LOTTO', '1,4,6', '18:00', 0, 6),
  lott('LT_655', 'Power 6/55', 'Power 6/55', 'LOTTO', '3,5,7', '18:00', 0, 6),
  lott('LT_MAX3D', 'Max 3D', 'Max 3D', 'MAX3D', '2,4,6', '18:00', 0, 3),
  lott('LT_MAX4D', 'Max 4D', 'Max 4D', 'MAX3D', '3,5,7', '18:00', 0, 4),
  lott('LT_KENO10', 'Keno · 10 min', 'Keno · 10 min', 'KENO', daily, '', 600, 5),
  lott('LT_HOURLY', 'Hourly Lotto', 'Loto por Hora', 'KENO', daily, '', 3600, 6),
]
