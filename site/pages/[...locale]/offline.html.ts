/**
 * `/offline.html` (and `/es/offline.html`, …): what the lite app shows when a page cannot be reached.
 * No script: "Try again" is a link to the address the visitor asked for (the worker serves this page
 * in its place), so following it asks the network again. Styles are inline: the page needs no other file.
 */
import { brand } from '../../../sdk/brand/index.ts'
import { htmlLang } from '../../../sdk/i18n/index.ts'
import { langOf, localePaths, translatorFor } from '../../lib/locale.ts'

export const getStaticPaths = localePaths

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

export const GET = ({ params }: { params: { locale?: string } }): Response => {
  const lang = langOf(params.locale)
  const t = (key: string) => escapeHtml(translatorFor(lang)(key))
  const css = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;box-sizing:border-box;text-align:center}main{max-width:28rem}a{display:inline-block;min-height:44px;padding:0.75rem 1.5rem;box-sizing:border-box;border-radius:8px;background:${brand.colours.primary};color:#fff;font-weight:700;text-decoration:none}a:focus-visible{outline:3px solid ${brand.colours.accent};outline-offset:2px}`
  const html = `<!doctype html>
<html lang="${htmlLang(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('mobile_offline_title')} · ${escapeHtml(brand.name)}</title><style>${css}</style></head>
<body><main><h1>${t('mobile_offline_title')}</h1><p>${t('mobile_offline_text')}</p><a href="">${t('mobile_offline_retry')}</a></main></body>
</html>
`
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
}
