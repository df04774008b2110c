/**
 * The shell's enhancements (enhance.ts), loaded when the page is idle or a status view must show. A
 * module of its own: the list of files they need is named here, not in every page's first script.
 */
export const loadEnhancements = () => import('./enhance.ts')
