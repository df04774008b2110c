/**
 * Load check of the sandbox game list (issue 6 item 7): 50 concurrent keep-alive connections on
 * loopback, a bounded number of requests mixing plain pages, vendor tabs, name searches,
 * classification and minimum-bet filters; prints p50/p99 latency and the error count.
 * The load generator runs in a worker thread so its own work does not stall the server's event loop.
 * Run: `node sandbox/bench/game-list.ts` (env: BENCH_REQUESTS, BENCH_CONNECTIONS).
 */
import { Agent, request } from 'node:http'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { endpoints } from '../../sdk/contract/index.ts'

const total = Number(process.env.BENCH_REQUESTS ?? 5000)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

const queries = [
  'gameType=RNG', 'gameType=RNG&page=7', 'gameType=RNG&vassalage=PG', 'gameType=RNG&vassalage=JILI&page=3',
  'gameType=RNG&gameName=dragon', 'gameType=RNG&gameName=koi&language=es', 'gameType=RNG&gameClassify=CRASH',
  'gameType=RNG&minBet=0.05', 'gameType=RNG&mode=hot', 'gameType=LIVE&vassalage=EVO', 'gameType=FISH', 'gameType=PVP&page=2',
  'gameType=RNG&gameName=fortune&minBet=0.5&page=2', 'gameType=RNG&pageSize=50&page=40',
]

interface Result { times: number[]; errors: number; seconds: number }

async function load(url: string): Promise<Result> {
  const { hostname, port } = new URL(url)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const get = (path: string): Promise<{ ok: boolean; ms: number }> => {
    const t0 = performance.now()
    return new Promise((resolve) => {
      const req = request({ host: hostname, port, path, agent, headers: { Merchant: 'LOBBYKIT', Device: 'WEB' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          let ok = res.statusCode === 200
          try {
            ok &&= (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { success: boolean }).success
          } catch {
            ok = false
          }
          resolve({ ok, ms: performance.now() - t0 })
        })
      })
      req.on('error', () => resolve({ ok: false, ms: performance.now() - t0 }))
      req.end()
    })
  }
  const path = (i: number) => `${endpoints.gameList.path}?${queries[i % queries.length]}`
  // Warm-up: load the catalogue and let the JIT settle; not measured.
  await Promise.all(Array.from({ length: 300 }, (_, i) => get(path(i))))
  const times: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < total) {
      const r = await get(path(next++))
      times.push(r.ms)
      if (!r.ok) errors++
    }
  }))
  agent.destroy()
  return { times, errors, seconds: (performance.now() - started) / 1000 }
}

if (!isMainThread) {
  parentPort?.postMessage(await load(workerData as string))
} else {
  const { startSandbox } = await import('../testing.ts')
  const sb = await startSandbox()
  try {
    const worker = new Worker(new URL(import.meta.url), { workerData: sb.url })
    const { times, errors, seconds } = await new Promise<Result>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    times.sort((a, b) => a - b)
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]
    console.log(`game list: ${times.length} requests, ${connections} connections, ${(times.length / seconds).toFixed(0)} req/s`)
    console.log(`  p50 ${q(0.5).toFixed(1)} ms  p99 ${q(0.99).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms  errors ${errors}`)
    process.exitCode = errors > 0 ? 1 : 0
  } finally {
    await sb.close()
  }
}
