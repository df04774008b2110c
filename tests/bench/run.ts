/**
 * `npm run bench` (run `npm run build` first): starts the built site with a fresh sandbox and prints
 * Lighthouse mobile performance (median of 5) and CLS for /, /rng, /promotions, /help (issue 12) with the gzipped JS
 * each loads before interaction; then the lobby benchmark, the sandbox game-list load test, a partner
 * page's Lighthouse score with and without lk-games, the lottery settle of 10,000 bets on PostgreSQL, and
 * the agent team overview and profit and loss over 10,000 downlines and 1,000,000 rounds on PostgreSQL.
 * Figures, not pass/fail: the byte budgets live in `npm run size`.
 */
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { startSandbox } from '../../sandbox/testing.ts'
import { lighthouseScores } from './lighthouse.ts'

if (!existsSync('dist/site/index.html')) {
  console.error('dist/site is missing: run `npm run build` first.')
  process.exit(2)
}
const runs = Number(process.env.BENCH_RUNS ?? 5)
const sandbox = await startSandbox({ staticDir: 'dist/site' })
try {
  console.log(`Lighthouse mobile, median of ${runs} (${sandbox.url})`)
  for (const s of await lighthouseScores(sandbox.url, ['/', '/rng', '/promotions', '/help'], runs)) {
    console.log(
      `  ${s.route.padEnd(12)} performance ${s.performance.toFixed(2)}  CLS ${s.cls.toFixed(3)}  LCP ${Math.round(s.lcpMs)} ms  TBT ${Math.round(s.tbtMs)} ms  JS before interaction ${s.jsGzipKb.toFixed(1)} KB gzip`,
    )
  }
} finally {
  await sandbox.close()
}
// The lobby benchmark runs the sandbox game-list load test itself; the lottery settle runs on PostgreSQL.
for (const script of ['tests/bench/lobby.ts', 'tests/bench/embed.ts', 'tests/bench/lottery-settle.ts', 'tests/bench/agent-reports.ts']) {
  if (!existsSync(script)) continue
  console.log(`\n${script}`)
  spawnSync(process.execPath, [script], { stdio: 'inherit' })
}
