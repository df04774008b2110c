/**
 * Overload check of the sandbox: the game list offered at a constant rate well past
 * what the server can answer (default 2,000 requests/s for 10 s on 127.0.0.1, open loop: each request
 * is sent at its scheduled time whatever the replies before it did). The goal: answered requests keep
 * p99 ≤ 250 ms and the rest are refused (503 with Retry-After) within 50 ms, instead of every request
 * queueing. Latency counts from the scheduled send time, so a client that fell behind is not hidden.
 * A figure, not a timed test: prints the numbers and ✓/✗ against the goal.
 * Run: `node sandbox/bench/overload.ts` (env: BENCH_RATE, BENCH_SECONDS, BENCH_SOCKETS, BENCH_SHED=0 to
 * compare with shedding off, BENCH_URL to load a server already running instead of a fresh sandbox).
 */
import { connect, type Socket } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { endpoints } from '../../sdk/contract/all.ts'

const rate = Number(process.env.BENCH_RATE ?? 2000)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const maxSockets = Number(process.env.BENCH_SOCKETS ?? 400)

const queries = ['gameType=RNG', 'gameType=RNG&page=3', 'gameType=RNG&vassalage=PG', 'gameType=FISH', 'gameType=RNG&gameName=dragon', 'gameType=PVP&page=2']

interface Outcome {
  status: number
  ms: number
  /** How late the client sent it (its own thread starved on a busy machine): part of `ms`, not the server's. */
  lateMs: number
  retryAfter: boolean
}
interface Result {
  outcomes: Outcome[]
  unsent: number
  elapsed: number
}

/** A keep-alive socket with one request in flight; answers the reply's status and Retry-After. */
function conn(host: string, port: number) {
  const socket: Socket = connect({ host, port, noDelay: true })
  let buffer: Buffer = Buffer.alloc(0)
  let done: ((r: { status: number; retryAfter: boolean } | null) => void) | undefined
  const ready = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n')
      if (end < 0 || !done) return
      const head = buffer.subarray(0, end).toString('latin1')
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
      let rest: Buffer
      if (length) {
        if (buffer.length < end + 4 + Number(length[1])) return
        rest = buffer.subarray(end + 4 + Number(length[1]))
      } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        const last = buffer.indexOf('\r\n0\r\n\r\n', end)
        if (last < 0) return
        rest = buffer.subarray(last + 7)
      } else return
      buffer = rest
      const d = done
      done = undefined
      d({ status: Number(head.slice(9, 12)), retryAfter: /\r\nretry-after:/i.test(head) })
    }
  })
  const fail = () => {
    const d = done
    done = undefined
    d?.(null)
  }
  socket.on('error', fail)
  socket.on('close', fail)
  return {
    ready,
    busy: () => done !== undefined,
    closed: () => socket.destroyed,
    send(path: string, scheduled: number): Promise<Outcome> {
      return new Promise((resolve) => {
        const sent = performance.now()
        done = (r) => resolve({ status: r?.status ?? 0, ms: performance.now() - scheduled, lateMs: sent - scheduled, retryAfter: r?.retryAfter ?? false })
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nMerchant: LOBBYKIT\r\nDevice: WEB\r\nAccept-Encoding: gzip, deflate, br\r\nConnection: keep-alive\r\n\r\n`)
      })
    },
    close: () => socket.destroy(),
  }
}

async function offer(url: string): Promise<Result> {
  const { hostname, port } = new URL(url)
  type Conn = ReturnType<typeof conn>
  const idle: Conn[] = []
  let open = 0
  const take = async (): Promise<Conn | null> => {
    while (idle.length) {
      const c = idle.pop()!
      if (!c.closed()) return c
      open--
    }
    if (open >= maxSockets) return null
    open++
    const c = conn(hostname, Number(port))
    try {
      await c.ready
      return c
    } catch {
      open--
      return null
    }
  }
  // Warm-up (not measured): the catalogue loaded and the JIT settled.
  for (let i = 0; i < 50; i++) {
    const c = await take()
    if (!c) break
    await c.send(`${endpoints.gameList.path}?${queries[i % queries.length]}`, performance.now())
    idle.push(c)
  }
  const outcomes: Outcome[] = []
  const pending: Promise<void>[] = []
  let unsent = 0
  const total = rate * seconds
  const start = performance.now()
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate
    // setTimeout wakes up to a millisecond early or late: wait until the scheduled time has come.
    while (performance.now() < scheduled) {
      const wait = scheduled - performance.now()
      await new Promise((r) => setTimeout(r, wait > 1 ? wait : 0))
    }
    const path = `${endpoints.gameList.path}?${queries[i % queries.length]}`
    pending.push(
      (async () => {
        const c = await take()
        if (!c) {
          unsent++
          return
        }
        outcomes.push(await c.send(path, scheduled))
        idle.push(c)
      })(),
    )
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - start) / 1000
  for (const c of idle) c.close()
  return { outcomes, unsent, elapsed }
}

const quantile = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] : 0)

if (!isMainThread) {
  parentPort?.postMessage(await offer(workerData as string))
} else {
  const target = process.env.BENCH_URL
  const { startSandbox } = await import('../testing.ts')
  // BENCH_SHED=0: the same load with shedding off, for comparison.
  const sb = target ? null : await startSandbox({ shed: process.env.BENCH_SHED === '0' ? false : {} })
  try {
    const url = target ?? sb!.url
    // The load generator runs in a worker thread so its own work does not stall the server's event loop.
    const worker = new Worker(new URL(import.meta.url), { workerData: url })
    const { outcomes, unsent, elapsed } = await new Promise<Result>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    const answered = outcomes.filter((o) => o.status === 200).map((o) => o.ms)
    const refused = outcomes.filter((o) => o.status === 503)
    const refusedMs = refused.map((o) => o.ms)
    const other = outcomes.length - answered.length - refused.length
    answered.sort((a, b) => a - b)
    refusedMs.sort((a, b) => a - b)
    const ok = (cond: boolean) => (cond ? '✓' : '✗')
    const p99a = quantile(answered, 0.99)
    const p99r = quantile(refusedMs, 0.99)
    console.log(
      `overload (shedding ${process.env.BENCH_SHED === '0' && !target ? 'off' : 'on'}): game list offered at ${rate} req/s for ${seconds} s (${rate * seconds} requests, ${elapsed.toFixed(1)} s) on ${url}`,
    )
    console.log(
      `  ${ok(p99a <= 250)} answered ${answered.length} (${(answered.length / elapsed).toFixed(0)}/s): p50 ${quantile(answered, 0.5).toFixed(1)} ms  p99 ${p99a.toFixed(1)} ms  max ${(answered.at(-1) ?? 0).toFixed(1)} ms (goal p99 ≤ 250 ms)`,
    )
    console.log(
      `  ${ok(p99r <= 50)} refused ${refused.length} (503, ${refused.filter((o) => o.retryAfter).length} with Retry-After): p50 ${quantile(refusedMs, 0.5).toFixed(1)} ms  p99 ${p99r.toFixed(1)} ms  max ${(refusedMs.at(-1) ?? 0).toFixed(1)} ms (goal ≤ 50 ms)`,
    )
    console.log(`  other statuses or broken connections ${other}, not sent (client out of sockets) ${unsent}`)
    // On a loaded machine the client's own thread is late too: how much of the latency was the client's.
    const late = outcomes.map((o) => o.lateMs).sort((a, b) => a - b)
    const fromSend = (xs: Outcome[]) => xs.map((o) => o.ms - o.lateMs).sort((a, b) => a - b)
    const answeredServer = fromSend(outcomes.filter((o) => o.status === 200))
    const refusedServer = fromSend(refused)
    console.log(
      `  client lateness (scheduled → written): p50 ${quantile(late, 0.5).toFixed(1)} ms  p99 ${quantile(late, 0.99).toFixed(1)} ms  max ${(late.at(-1) ?? 0).toFixed(1)} ms; from the write: answered p99 ${quantile(answeredServer, 0.99).toFixed(1)} ms, refused p99 ${quantile(refusedServer, 0.99).toFixed(1)} ms`,
    )
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`,
    )
  } finally {
    await sb?.close()
  }
}
