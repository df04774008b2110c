/**
 * Load check of the sandbox game list: 50 concurrent keep-alive connections on
 * loopback, a bounded number of requests mixing plain pages, vendor tabs, name searches,
 * classification and minimum-bet filters; prints p50/p99 latency and the error count.
 * The load generator runs in a worker thread so its own work does not stall the server's event loop,
 * on raw keep-alive sockets (like wrk or autocannon) so its own overhead stays out of the latencies.
 * Run: `node sandbox/bench/game-list.ts` (env: BENCH_REQUESTS, BENCH_CONNECTIONS).
 */
import { connect } from 'node:net'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { endpoints } from '../../sdk/contract/all.ts'

const total = Number(process.env.BENCH_REQUESTS ?? 5000)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)

const queries = [
  'gameType=RNG',
  'gameType=RNG&page=7',
  'gameType=RNG&vassalage=PG',
  'gameType=RNG&vassalage=JILI&page=3',
  'gameType=RNG&gameName=dragon',
  'gameType=RNG&gameName=koi&language=es',
  'gameType=RNG&gameClassify=CRASH',
  'gameType=RNG&minBet=0.05',
  'gameType=RNG&vassalage=PG&gameClassify=SLOT',
  'gameType=LIVE&vassalage=EVO',
  'gameType=FISH',
  'gameType=PVP&page=2',
  'gameType=RNG&gameName=fortune&minBet=0.5&page=2',
  'gameType=RNG&pageSize=50&page=40',
]

interface Result {
  times: number[]
  errors: number
  seconds: number
}

/**
 * One keep-alive connection on a raw socket: one request in flight at a time, the reply read by its
 * Content-Length (or chunked framing) and checked for status 200 and a `success: true` envelope.
 * A lean client on purpose: on a 2-core machine node:http's own client work showed up in the latencies.
 */
function connection(hostname: string, port: number) {
  const socket = connect({ host: hostname, port, noDelay: true })
  let buffer: Buffer = Buffer.alloc(0)
  let waiting: ((reply: { status: number; body: Buffer } | null) => void) | undefined
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const parse = () => {
    if (!waiting) return
    const end = buffer.indexOf('\r\n\r\n')
    if (end < 0) return
    const head = buffer.subarray(0, end).toString('latin1')
    const status = Number(head.slice(9, 12))
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
    let body: Buffer
    let rest: Buffer
    if (length) {
      const size = Number(length[1])
      if (buffer.length < end + 4 + size) return
      body = buffer.subarray(end + 4, end + 4 + size)
      rest = buffer.subarray(end + 4 + size)
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const parts: Buffer[] = []
      let at = end + 4
      for (;;) {
        const line = buffer.indexOf('\r\n', at)
        if (line < 0) return
        const size = parseInt(buffer.subarray(at, line).toString('latin1'), 16)
        if (buffer.length < line + 2 + size + 2) return
        if (size === 0) {
          rest = buffer.subarray(line + 4)
          break
        }
        parts.push(buffer.subarray(line + 2, line + 2 + size))
        at = line + 2 + size + 2
      }
      body = Buffer.concat(parts)
    } else {
      return
    }
    buffer = rest
    const done = waiting
    waiting = undefined
    done({ status, body })
  }
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
    parse()
  })
  socket.on('error', () => waiting?.(null))
  socket.on('close', () => waiting?.(null))
  return {
    ready,
    get(path: string): Promise<{ ok: boolean; ms: number }> {
      const t0 = performance.now()
      return new Promise((resolve) => {
        waiting = (reply) => {
          // The envelope opens with its success flag; a failed or broken reply is an error.
          const ok = reply !== null && reply.status === 200 && reply.body.subarray(0, 32).toString('latin1').replace(/\s/g, '').startsWith('{"success":true')
          resolve({ ok, ms: performance.now() - t0 })
        }
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nMerchant: LOBBYKIT\r\nDevice: WEB\r\nConnection: keep-alive\r\n\r\n`)
      })
    },
    close: () => socket.destroy(),
  }
}

async function load(url: string): Promise<Result> {
  const { hostname, port } = new URL(url)
  const pool = Array.from({ length: connections }, () => connection(hostname, Number(port)))
  await Promise.all(pool.map((c) => c.ready))
  const path = (i: number) => `${endpoints.gameList.path}?${queries[i % queries.length]}`
  // Warm-up: load the catalogue and let the JIT settle; not measured.
  let warm = 0
  await Promise.all(
    pool.map(async (c) => {
      while (warm < 300) await c.get(path(warm++))
    }),
  )
  const times: number[] = []
  let errors = 0
  let next = 0
  const started = performance.now()
  await Promise.all(
    pool.map(async (c) => {
      while (next < total) {
        const r = await c.get(path(next++))
        times.push(r.ms)
        if (!r.ok) errors++
      }
    }),
  )
  for (const c of pool) c.close()
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
