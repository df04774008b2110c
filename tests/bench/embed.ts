/**
 * Embed benchmark, run by `npm run bench` after `npm run build`: Lighthouse mobile
 * performance of the same partner article on the partner origin without Lobbykit (`/article`) and with
 * the snippet and one `<lk-games>` in view (`/article-games`), median of BENCH_RUNS (at least 3) each.
 * Target: the score drops by at most 1 point. Prints one line per page (with every run's score: the
 * spread shows how loaded the machine was) and the delta with ✓ or ✗;
 * exits 1 when the delta misses its target. Run alone: `node tests/bench/embed.ts`.
 */
import { existsSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { startPartnerSite } from '../../sandbox/partner.ts'
import { startSandbox } from '../../sandbox/testing.ts'
import { lighthouseScores } from './lighthouse.ts'

if (!existsSync('dist/embed/v1/lobbykit.js')) {
  console.error('dist/embed is missing: run `npm run build` first.')
  process.exit(2)
}
const runs = Math.max(3, Number(process.env.BENCH_RUNS ?? 3))
// Lighthouse's simulated timings scale the CPU time it observed: on a busy machine they grow.
const load = () => loadavg()[0].toFixed(1)
const loadAtStart = load()
const sandbox = await startSandbox({ staticDir: 'dist/site' })
const partner = await startPartnerSite({ brand: sandbox.url })
let ok = false
try {
  const [without, withGames] = await lighthouseScores(partner.url, ['/article', '/article-games'], runs, null)
  for (const s of [without, withGames]) {
    console.log(
      `  partner ${s.route.padEnd(15)} performance ${(s.performance * 100).toFixed(0)}  CLS ${s.cls.toFixed(3)}  LCP ${Math.round(s.lcpMs)} ms  TBT ${Math.round(s.tbtMs)} ms  (runs: ${s.scores.map((x) => Math.round(x * 100)).join(' ')})`,
    )
  }
  console.log(`  machine load (1 min average) ${loadAtStart} at the start, ${load()} at the end, on ${availableParallelism()} cores`)
  const drop = Math.round((without.performance - withGames.performance) * 100)
  ok = drop <= 1
  console.log(`${ok ? '✓' : '✗'} partner page's Lighthouse mobile score with lk-games: ${drop} point${Math.abs(drop) === 1 ? '' : 's'} lower, median of ${runs} (target ≤ 1)`)
} finally {
  await partner.close()
  await sandbox.close()
}
process.exit(ok ? 0 : 1)
