/**
 * `node sandbox/main.ts [--reset-only] [--seed-demo]`: opens (or creates) the sandbox database,
 * migrates, seeds it when empty and serves site, embed files and API on one origin. `--reset-only`
 * recreates the demo data and exits. With NODE_ENV=production no demo account is created unless
 * `--seed-demo` is given, and the start refuses a database whose demo accounts keep their published
 * passwords.
 *
 * Environment: PORT (4321), HOST (127.0.0.1), DATA_DIR (.data), DATABASE_URL, PLATFORM_URL, NODE_ENV,
 * TRUSTED_PROXIES (addresses/ranges whose X-Forwarded-For is believed; none by default).
 * PARTNER_PORT (PORT + 1, the partner demo), EMBED_ORIGINS (origins allowed to read the public calls),
 * PAYMENT_PROVIDER (required in production; `simulator` fakes deposits and says so).
 * @module
 */
import { openDb } from './db/index.ts'
import { lockDataDirOrExit } from './db/lock.ts'
import { startServer } from './host.ts'
import { prepareForStart, reset } from './seed/index.ts'
import { startPartnerSite } from './partner.ts'
import { demoAccounts } from './seed/accounts.ts'
import { startPayClock } from './agent/schedule.ts'
import { fakeDepositsWarning, paymentProviderFromEnv } from './money/providers.ts'

const env = process.env
const resetOnly = process.argv.includes('--reset-only')
const production = env.NODE_ENV === 'production'
// Production seeds no demo accounts unless asked for (and then keeps their published passwords).
const seedDemo = !production || process.argv.includes('--seed-demo')
const platformUrl = env.PLATFORM_URL || undefined
const databaseUrl = env.DATABASE_URL || undefined
const dataDir = env.DATA_DIR || '.data'

// Deposits go through a named payment provider in production: the simulator fakes every deposit,
// so it is never live there by accident (PAYMENT_PROVIDER=simulator asks for it by name).
const payments = paymentProviderFromEnv(env, production)
if ('error' in payments && !platformUrl) {
  console.error(payments.error)
  process.exit(1)
}
const provider = 'provider' in payments ? payments.provider : null
if (production && provider && !provider.real && !platformUrl) console.warn(`\n!!! ${fakeDepositsWarning}\n`)

// One process per PGlite directory (PostgreSQL guards itself).
if (!platformUrl && !databaseUrl) lockDataDirOrExit(dataDir)
const db = platformUrl ? null : await openDb({ dataDir, databaseUrl })
if (db && resetOnly) {
  await reset(db, { demoAccounts: seedDemo })
  await db.close()
  console.log(`Sandbox data recreated in ${databaseUrl ? 'PostgreSQL' : dataDir}.`)
  process.exit(0)
}
if (db) {
  try {
    await prepareForStart(db, { production, seedDemo })
  } catch (err) {
    console.error((err as Error).message)
    await db.close()
    process.exit(1)
  }
}

const server = await startServer({
  port: Number(env.PORT || 4321),
  host: env.HOST || '127.0.0.1',
  platformUrl,
  db: db ?? undefined,
  production,
  trustedProxies: env.TRUSTED_PROXIES,
  payments: provider,
})

// Agent salaries and dividends are paid on the clock (every 5 minutes), as the platform would.
const stopPayClock = db ? startPayClock(db) : () => undefined

// The partner demo on a second origin (the next port), embedding every element.
const partner = await startPartnerSite({ brand: server.url, port: Number(env.PARTNER_PORT || server.port + 1), host: env.HOST || '127.0.0.1' })

console.log(`\nLobbykit on ${server.url}`)
console.log(`Partner demo (embeds every element, strict CSP) on ${partner.url}`)
if (platformUrl) console.log(`API calls go to ${platformUrl}`)
else {
  if (seedDemo) {
    console.log('\nDemo accounts:')
    for (const a of demoAccounts.filter((x) => x.shows)) console.log(`  ${a.username.padEnd(9)} ${a.password.padEnd(10)} ${a.shows}`)
    console.log('  free play  —          "Free play" on the login popup creates a trial account')
  }
  if (!production) console.log(`\nDev inbox (SMS codes, emails, captcha answers): ${server.url}/sandbox/inbox`)
}

const stop = async () => {
  stopPayClock()
  await partner.close()
  await server.close()
  await db?.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
