/**
 * `npm run bench` (run `npm run build` first): starts the built site with a fresh sandbox and prints
 * Lighthouse mobile performance (median of 5) and CLS for /, /rng, /promotions, /help with the gzipped JS
 * each loads before interaction; then the lobby benchmark, the sandbox game-list load test, a partner
 * page's Lighthouse score with and without lk-games, the partner page's first game picture and LCP
 * with and without the brand's first paint, then lk-lottery's first draw on screen (tests/bench/first-paint.ts), the lottery settle of 10,000 bets on PostgreSQL, and
 * the agent team overview and profit and loss over 10,000 downlines and 1,000,000 rounds on PostgreSQL,
 * the demo agent team's seed (target ≤ 30 s),
 * and the overload check (2,000 game-list requests/s for 10 s: answered p99, refused within 50 ms).
 * Figures, not pass/fail: the byte budgets live in `npm run size`. `npm run bench -- --lighthouse` runs
 * the page scores only; `BENCH_RUNS` sets the runs per page.
 */
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'
import { startSandbox } from '../../sandbox/testing.ts'
import { lighthouseScores } from './lighthouse.ts'

if (!existsSync('dist/site/index.html')) {
  console.error('dist/site is missing: run `npm run build` first.')
  process.exit(2)
}
const runs = Number(process.env.BENCH_RUNS ?? 5)
const sandbox = await startSandbox({ staticDir: 'dist/site' })
try {
  // Simulated throttling multiplies the tasks this machine ran by 4: a busy machine makes them longer.
  const load = () => loadavg()[0].toFixed(1)
  console.log(`Lighthouse mobile, median of ${runs} (${sandbox.url}), load average ${load()} on ${availableParallelism()} cores`)
  for (const s of await lighthouseScores(sandbox.url, ['/', '/rng', '/promotions', '/help'], runs)) {
    console.log(
      `  ${s.route.padEnd(12)} performance ${s.performance.toFixed(2)} (runs ${s.scores.map((x) => Math.round(x * 100)).join(' ')})  FCP ${Math.round(s.fcpMs)} ms  LCP ${Math.round(s.lcpMs)} ms  SI ${Math.round(s.siMs)} ms  TBT ${Math.round(s.tbtMs)} ms  CLS ${s.cls.toFixed(3)}  JS before interaction ${s.jsGzipKb.toFixed(1)} KB gzip`,
    )
  }
  console.log(`  load average after: ${load()}`)
} finally {
  await sandbox.close()
}
// The lobby benchmark runs the sandbox game-list load test itself; the lottery settle runs on PostgreSQL.
// `npm run bench -- --lighthouse` stops after the pages' scores.
const others = [
  'tests/bench/lobby.ts',
  'tests/bench/embed.ts',
  'tests/bench/first-paint.ts',
  'tests/bench/lottery-settle.ts',
  'tests/bench/agent-reports.ts',
  'tests/bench/demo-team.ts',
  'sandbox/bench/overload.ts',
]
for (const script of process.argv.includes('--lighthouse') ? [] : others) {
  if (!existsSync(script)) continue
  console.log(`\n${script}`)
  spawnSync(process.execPath, [script], { stdio: 'inherit' })
}
