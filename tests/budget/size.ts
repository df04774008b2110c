/**
 * `npm run size`: gzip and brotli sizes of the built outputs against tests/budget/budget.json.
 * Each budget is the first measured size + 10 %, except the content pages (`/`, `/help`, `/promotions`,
 * `/down`: no React before interaction) held at 35 KB gzip, the lobby pages `/rng` and `/lottery`, held at
 * the lobby target of 100 KB gzip, and the embed's, set by the embed's targets (the first React
 * element's total at 100 KB gzip, the ceiling the owner chose). Loosening one needs a reason in the
 * commit, where each re-recording is told.
 * The first paint of `lk-games` (HTML with its data, from a sandbox serving this build) is held at
 * 12 KB gzip.
 * `--write` records the current sizes + 10 % for entries that have no budget yet. `LK_SIZE_BYTES=1` prints
 * the sizes in bytes, for a change that is within a few hundred bytes of a budget.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { groupSizes, pageJs, reachableScripts, walk, type Sizes } from './measure.ts'
import { embedSizes, firstPaintSizes } from './embed.ts'

// LK_SITE_DIR measures another build (e.g. a private one), as the journeys and the bench do.
const site = process.env.LK_SITE_DIR ?? 'dist/site'
const embed = 'dist/embed'
const budgetFile = 'tests/budget/budget.json'

if (!existsSync(site)) {
  console.error(`${site} is missing: run \`npm run build\` first.`)
  process.exit(2)
}

const pages: Record<string, string> = {
  '/': 'index.html',
  '/help': 'help/index.html',
  '/promotions': 'promotions/index.html',
  '/down': 'down/index.html',
  '/rng': 'rng/index.html',
  '/login': 'login/index.html',
  '/lottery': 'lottery/index.html',
  // The operator back office: its own entry, outside the players' pages' budgets.
  '/admin': 'admin/index.html',
}
// A rebuild copies the previous build's assets in for pages loaded before the switch (scripts/build-site.ts): not this build's size.
const carriedList = join(site, '.lk-carried')
const carried = new Set(
  existsSync(carriedList)
    ? readFileSync(carriedList, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((f) => resolve(site, '_astro', f))
    : [],
)
// The back office's code (chunks only its pages can load) is the operators' tool, not the players'
// site: it has its own total, and the players' total leaves it out.
const htmlFiles = walk(site).filter((f) => f.endsWith('.html'))
const isBackOffice = (f: string) => /(^|\/)admin\//.test(f.slice(resolve(site).length + 1))
const players = reachableScripts(
  site,
  htmlFiles.filter((f) => !isBackOffice(resolve(f))),
)
const operatorsOnly = [
  ...reachableScripts(
    site,
    htmlFiles.filter((f) => isBackOffice(resolve(f))),
  ),
]
  .filter((f) => !players.has(f))
  .map((f) => resolve(site, f))
const measured: Record<string, Sizes> = {
  'site: all JS': groupSizes(join(site, '_astro'), '.js', new Set([...carried, ...operatorsOnly])),
  'back office: all JS': groupSizes(
    join(site, '_astro'),
    '.js',
    new Set(
      walk(join(site, '_astro'))
        .map((f) => resolve(f))
        .filter((f) => !operatorsOnly.includes(f)),
    ),
  ),
  'site: all CSS': groupSizes(join(site, '_astro'), '.css', carried),
}
for (const [route, file] of Object.entries(pages)) {
  const html = join(site, file)
  if (existsSync(html)) measured[`page JS before interaction: ${route}`] = pageJs(site, html)
}
if (existsSync(embed)) measured['embed: all JS'] = groupSizes(embed, '.js')
Object.assign(measured, embedSizes(join(embed, 'v1')))
Object.assign(measured, await firstPaintSizes(embed))

type Budget = Record<string, { gzip: number; brotli: number }>
const budget: Budget = existsSync(budgetFile) ? (JSON.parse(readFileSync(budgetFile, 'utf8')) as Budget) : {}
const write = process.argv.includes('--write')
let over = 0
const kb = (n: number) => (process.env.LK_SIZE_BYTES ? `${n} B` : `${(n / 1024).toFixed(1)} KB`)
for (const [name, s] of Object.entries(measured)) {
  const b = budget[name]
  if (!b) {
    if (write) budget[name] = { gzip: Math.ceil(s.gzip * 1.1), brotli: Math.ceil(s.brotli * 1.1) }
    console.log(`  ${name}: gzip ${kb(s.gzip)}, brotli ${kb(s.brotli)} (no budget${write ? ', recorded' : ''})`)
    continue
  }
  const ok = s.gzip <= b.gzip && s.brotli <= b.brotli
  if (!ok) over++
  console.log(`${ok ? '✓' : '✗'} ${name}: gzip ${kb(s.gzip)} / ${kb(b.gzip)}, brotli ${kb(s.brotli)} / ${kb(b.brotli)}`)
}
if (write) writeFileSync(budgetFile, JSON.stringify(budget, null, 2) + '\n')
console.log(`${Object.keys(measured).length - over} passed, ${over} failed`)
process.exit(over ? 1 : 0)
