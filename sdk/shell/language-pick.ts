/**
 * Where a language picked before the header's island started is kept: alone in its module, as the
 * inline hydration directive (site/directives/paint.ts) and the head script take only these.
 * @module
 */

/** Attribute on the header's language select; the head script keeps a pick made on it before hydration. */
export const languagePickAttr = 'data-lk-lang'
/** `window` property the head script stores that early pick under. */
export const languagePickKey = 'lkLangPick'
