/**
 * `npm run dev`: the sandbox API on API_PORT (default 4322) and the Astro dev server on PORT
 * (default 4321), which proxies /wps, /lgw, /lotto and /sandbox to the sandbox. Messages go to the dev
 * inbox unless SMTP_URL or SMS_URL name a real provider (sandbox/delivery/config.ts). The editors' web
 * interface is at /admin/content (sandbox/content/), writing site/content.
 */
import { spawn } from 'node:child_process'
import { startServer } from './host.ts'
import { lockDataDirOrExit } from './db/lock.ts'
import { deliveryFromEnv } from './delivery/config.ts'

const host = process.env.HOST ?? '127.0.0.1'
const port = Number(process.env.PORT ?? 4321)
const apiPort = Number(process.env.API_PORT ?? 4322)

const dataDir = process.env.DATA_DIR ?? '.data'
const delivery = deliveryFromEnv(process.env, false)
if ('error' in delivery) {
  console.error(delivery.error)
  process.exit(1)
}
if (!process.env.PLATFORM_URL && !process.env.DATABASE_URL) lockDataDirOrExit(dataDir)
const api = await startServer({
  port: apiPort,
  host,
  dataDir,
  databaseUrl: process.env.DATABASE_URL,
  platformUrl: process.env.PLATFORM_URL,
  delivery: delivery.delivery,
  content: { repoRoot: process.cwd(), hosts: [host] },
})
console.log(`sandbox API on ${api.url}`)
const astro = spawn('astro', ['dev', '--host', host, '--port', String(port)], {
  stdio: 'inherit',
  env: { ...process.env, LOBBYKIT_API: api.url },
})
const stop = async () => {
  astro.kill('SIGTERM')
  await api.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
astro.on('exit', (code) => {
  void api.close().then(() => process.exit(code ?? 0))
})
