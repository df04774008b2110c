/**
 * Demo agent team seed benchmark, run by `npm run bench`: on a fresh sandbox (the seeded template
 * copy the tests use), `seedAgentTeam` adds agent01's three levels of about 200 downlines and 90 days
 * of play with their daily pay runs; the figure is the wall time of that call (target ≤ 30 s: the
 * sandbox seeds it at first start, and sandbox/agent/demo-team.test.ts seeds it in its beforeAll).
 * Checks that it made the team (208 members, over 5,000 rounds) so an empty seed cannot pass.
 * Prints one line with ✓ or ✗ and the load average; exits 1 when the figure misses its target.
 * Run alone: `node tests/bench/demo-team.ts`.
 */
import { availableParallelism, loadavg } from 'node:os'
import { seedAgentTeam } from '../../sandbox/agent/demo-team.ts'
import { startSandbox } from '../../sandbox/testing.ts'

const targetMs = 30_000
const sandbox = await startSandbox()
let failed = false
try {
  const t0 = performance.now()
  const made = await seedAgentTeam(sandbox.db, Date.now())
  const ms = Math.round(performance.now() - t0)
  const complete = made.members === 208 && made.rounds > 5_000
  failed = !complete || ms > targetMs
  console.log(
    `  ${failed ? '✗' : '✓'} demo team seed: ${made.members} members, ${made.rounds} rounds in ${ms.toLocaleString('en')} ms (target ≤ ${targetMs.toLocaleString('en')} ms${complete ? '' : ', TEAM INCOMPLETE'}), load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
  )
} finally {
  await sandbox.close()
}
process.exit(failed ? 1 : 0)
