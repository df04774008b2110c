/**
 * The time zone editors' content dates are written in (a promotion's `starts` and `ends`): the
 * platform's own brand zone, as an IANA name. Shared by the site's build and schedule script (through
 * the brand) and the sandbox's content editor.
 * @module
 */
export const contentTimeZone = 'Asia/Manila'
