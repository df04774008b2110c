/**
 * The welcome promotion's terms, one source for the platform that grants it (sandbox/money/promotion.ts),
 * the seeded notices that announce it and the editors' promotion article, whose title and summary the
 * content schema checks against these at build (site/content.config.ts): the welcome popup promised
 * 100 % up to 500.00 while the deposit page granted 10 % up to 200.00.
 * @module
 */

/** WELCOME10: `percent` of a paid deposit up to `maxBonus` (minor units), once per member; `turnover` × the bonus in settled stakes before it can be withdrawn. */
export const welcomePromotion = { code: 'WELCOME10', percent: 10, maxBonus: 200_00, turnover: 5 } as const

/**
 * The terms as editors write them in a language: the percentage and the cap, e.g. `10%`, `200.00`
 * (English, Chinese), `10 %`, `200,00` (Spanish) or `10%`, `200,00` (Vietnamese).
 */
export function welcomeTermsText(lang: 'en' | 'es' | 'cn' | 'vi'): { percent: string; maxBonus: string; turnover: string } {
  const numbers = { en: 'en-US', es: 'es-ES', cn: 'zh-CN', vi: 'vi-VN' }[lang]
  const amount = new Intl.NumberFormat(numbers, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(welcomePromotion.maxBonus / 100)
  return { percent: lang === 'es' ? `${welcomePromotion.percent} %` : `${welcomePromotion.percent}%`, maxBonus: amount, turnover: `${welcomePromotion.turnover}` }
}
