/**
 * Sizes of the embed as a partner's page loads it: the loader alone, an element in
 * total (loader + the element's chunk + its static imports, each file compressed on its own, as
 * served), and each React element beyond the first (what it adds once `lk-games` is on the page).
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { sizesOf, walk, type Sizes } from './measure.ts'

const importRe = /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g

/** A file and its static imports, transitively (paths relative to `root`). */
function closure(root: string, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into
  into.add(file)
  const code = readFileSync(join(root, file), 'utf8')
  for (const m of code.matchAll(importRe)) closure(root, relative(root, resolve(dirname(join(root, file)), m[1])), into)
  return into
}

const sum = (root: string, files: Iterable<string>): Sizes =>
  [...files]
    .map((f) => sizesOf(readFileSync(join(root, f))))
    .reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 })

/** The measured entries, named as in tests/budget/budget.json. */
export function embedSizes(dir = 'dist/embed/v1'): Record<string, Sizes> {
  if (!existsSync(join(dir, 'lobbykit.js'))) return {}
  const chunk = (name: string) => relative(dir, walk(join(dir, 'chunks')).find((f) => f.includes(`/${name}.element-`) && f.endsWith('.js')) ?? '')
  const loader = closure(dir, 'lobbykit.js')
  const total = (name: string) => closure(dir, chunk(name), new Set(loader))
  const out: Record<string, Sizes> = { 'embed: loader': sum(dir, loader), 'embed: lk-jackpot alone, total': sum(dir, total('jackpot')) }
  const first = total('games')
  out['embed: lk-games (first React element), total'] = sum(dir, first)
  for (const name of ['lobby', 'promotions', 'winners', 'register', 'login', 'lottery']) {
    out[`embed: lk-${name} after lk-games, more`] = sum(
      dir,
      [...total(name)].filter((f) => !first.has(f)),
    )
  }
  return out
}

/**
 * What a partner's page downloads for an element's first paint: the host's answer at
 * `/embed/v1/render/<tag>` (the HTML with the data it was rendered from; default attributes: 15
 * games for `lk-games`, 6 draws for `lk-lottery`) from a seeded sandbox serving this build, and the
 * stylesheet the loader adopts with it.
 */
export async function firstPaintSizes(dir = 'dist/embed'): Promise<Record<string, Sizes>> {
  if (!existsSync(join(dir, '..', 'embed-server', 'render.js'))) return {}
  const { startSandbox } = await import('../../sandbox/testing.ts')
  const sandbox = await startSandbox({})
  try {
    const loader = readFileSync(join(dir, 'v1', 'lobbykit.js'), 'utf8')
    const out: Record<string, Sizes> = {}
    for (const tag of ['lk-games', 'lk-lottery']) {
      const reply = await fetch(`${sandbox.url}/embed/v1/render/${tag}?lang=en&locale=en`, { headers: { 'Accept-Encoding': 'identity' } })
      const body = Buffer.from(await reply.arrayBuffer())
      if (!reply.ok || !(JSON.parse(body.toString()) as { html: string }).html) throw new Error(`${tag} first paint: HTTP ${reply.status}, no HTML`)
      out[`embed: ${tag} first paint (HTML + data)`] = sizesOf(body)
      const css = new RegExp(`"${tag}":"(chunks/first-paint-[\\w-]+\\.css)"`).exec(loader)?.[1]
      if (css) out[`embed: ${tag} first paint stylesheet`] = sizesOf(readFileSync(join(dir, 'v1', css)))
    }
    return out
  } finally {
    await sandbox.close()
  }
}
