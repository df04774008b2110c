/**
 * `node sandbox/main.ts [--serve] [--reset-only] [--seed-demo]`: opens (or creates) the sandbox
 * database, migrates, seeds it when empty and serves site, embed files and API on one origin.
 * `npm start` builds first; `npm run serve` (`--serve`) serves the files already built and refuses
 * when there are none. `--reset-only` recreates the demo data and exits. With NODE_ENV=production no
 * demo account or demo content is created, the partner demo is not served, and the start refuses a
 * database whose demo accounts keep their published passwords. Wiping (`--reset-only`) and seeding the
 * demo into production (`--seed-demo`) refuse production and a database with real members unless the
 * command names the database (`--yes-wipe=<name>`, `--yes-seed=<name>`; sandbox/ops/guard.ts).
 *
 * Environment: PORT (4321), HOST (127.0.0.1), DATA_DIR (.data), DATABASE_URL, PLATFORM_URL, NODE_ENV,
 * TRUSTED_PROXIES (addresses/ranges whose X-Forwarded-For is believed; none by default).
 * PARTNER_PORT (PORT + 1, the partner demo, development only), EMBED_ORIGINS (origins allowed to read
 * the public calls), PAYMENT_PROVIDER (required in production; `simulator` fakes deposits and says so),
 * LOG_REQUESTS (on/off: one JSON line per request on stdout; on by default in production).
 * OPERATOR_SECRET_KEY (seals operators' TOTP secrets; required in production).
 * CONTENT_DIR (the content the back office's content editor edits and Publish builds from; default site/content).
 * SMTP_URL, MAIL_FROM, SITE_URL (the email provider, and the site address links in emails start with),
 * SMS_URL, SMS_API_KEY, SMS_API_KEY_HEADER (the SMS provider): sandbox/delivery/config.ts. In production
 * the start refuses without an email provider, and without an SMS provider while a flow that sends SMS
 * is switched on; outside production what is not configured goes to the dev inbox.
 * OIDC_GOOGLE_ISSUER / _CLIENT_ID / _CLIENT_SECRET (Google sign-in through its OpenID provider);
 * FACEBOOK_APP_ID / _APP_SECRET, optional FACEBOOK_GRAPH_URL / _DIALOG_URL (Facebook Login through its
 * own OAuth), or instead OIDC_FACEBOOK_* (Facebook through an OpenID broker); in production a sign-in
 * without one shows no button.
 * A start that fails prints one line saying why (sandbox/ops/start.ts) and exits 1.
 * @module
 */
import { openDb, type Db } from './db/index.ts'
import { lockDataDirOrExit } from './db/lock.ts'
import { startServer, type RunningServer } from './host.ts'
import { prepareForStart, reset } from './seed/index.ts'
import { startPartnerSite, type PartnerSite } from './partner.ts'
import { demoAccounts } from './seed/accounts.ts'
import { startPayClock } from './agent/schedule.ts'
import { fakeDepositsWarning, paymentProviderFromEnv } from './money/providers.ts'
import { refusal } from './ops/guard.ts'
import { deliveryFromEnv, deliveryRefusal } from './delivery/config.ts'
import { loadFlags } from './settings.ts'
import { hiddenSignIns, identityProvidersFromEnv } from './auth/oidc.ts'
import { missingBuild, missingOperatorKey, readStartSettings, type StartSettings, startErrorLine } from './ops/start.ts'

const argv = process.argv.slice(2)
let settings: StartSettings | undefined
let db: Db | null = null

/** Ends the start with one line on stderr and exit code 1 (the database closed first). */
async function refuse(line: string): Promise<never> {
  console.error(line)
  await db?.close().catch(() => undefined)
  process.exit(1)
}

try {
  await main()
} catch (err) {
  await refuse(`Lobbykit could not start: ${startErrorLine(err, { databaseUrl: settings?.databaseUrl, host: settings?.host, port: settings?.port })}`)
}

async function main(): Promise<void> {
  const env = process.env
  settings = readStartSettings(env)
  const { production, platformUrl, databaseUrl, dataDir } = settings
  const resetOnly = argv.includes('--reset-only')
  const askedDemo = argv.includes('--seed-demo')
  // Production seeds no demo accounts unless asked for (and then keeps their published passwords).
  const seedDemo = !production || askedDemo

  if (argv.includes('--serve') && !resetOnly) {
    const missing = missingBuild()
    if (missing) return refuse(missing)
  }

  // Deposits go through a named payment provider in production: the simulator fakes every deposit,
  // so it is never live there by accident (PAYMENT_PROVIDER=simulator asks for it by name).
  const payments = paymentProviderFromEnv(env, production)
  if ('error' in payments && !platformUrl && !resetOnly) return refuse(payments.error)
  const provider = 'provider' in payments ? payments.provider : null
  if (production && provider && !provider.real && !platformUrl && !resetOnly) console.warn(`\n!!! ${fakeDepositsWarning}\n`)

  // Google sign-in through its OpenID provider (OIDC_GOOGLE_*); Facebook through its own OAuth
  // (FACEBOOK_APP_ID, _APP_SECRET) or an OpenID broker (OIDC_FACEBOOK_*).
  const identity = identityProvidersFromEnv(env)
  if ('error' in identity) return refuse(`Lobbykit could not start: ${identity.error}`)
  // Messages go through the configured providers; in production never to the dev inbox.
  const delivery = deliveryFromEnv(env, production)
  if ('error' in delivery && !platformUrl && !resetOnly) return refuse(delivery.error)
  const providers = 'delivery' in delivery ? delivery.delivery : undefined

  // A plain start that cannot work says so before it opens (or migrates) any database: the operator's
  // key and the email provider are read from the environment alone. A reset or a demo seed names its
  // own guard first (below), so those checks wait for it there.
  if (!platformUrl && !resetOnly && !askedDemo) {
    const early = missingOperatorKey(settings) ?? (production && providers ? deliveryRefusal(providers) : null)
    if (early) return refuse(early)
  }

  // One process per PGlite directory (PostgreSQL guards itself).
  if (!platformUrl && !databaseUrl) lockDataDirOrExit(dataDir)
  db = platformUrl ? null : await openDb({ dataDir, databaseUrl })
  const target = { production, argv, databaseUrl, dataDir }
  if (db && resetOnly) {
    const refused = await refusal(db, { action: 'wipe', ...target })
    if (refused) return refuse(refused)
    await reset(db, { demoAccounts: seedDemo, demoContent: seedDemo })
    await db.close()
    console.log(`Sandbox data recreated in ${databaseUrl ? 'PostgreSQL' : dataDir}.`)
    process.exit(0)
  }
  if (db && production && askedDemo) {
    const refused = await refusal(db, { action: 'seed', ...target })
    if (refused) return refuse(refused)
  }
  // Operators' second factors are sealed with a key of the operator's own in production (after the
  // guards, which name what they refuse first).
  const noKey = missingOperatorKey(settings)
  if (db && noKey) return refuse(noKey)
  // Reset links and codes go out by email whatever the switches: production needs a provider for it.
  const noEmail = db && production && providers ? deliveryRefusal(providers) : null
  if (noEmail) return refuse(noEmail)
  if (db) {
    try {
      await prepareForStart(db, { production, seedDemo })
    } catch (err) {
      return refuse((err as Error).message)
    }
    // A flow switched on must reach people: production does not start with no provider for it.
    const refused = production && providers ? deliveryRefusal(providers, await loadFlags(db)) : null
    if (refused) return refuse(refused)
  }

  const server: RunningServer = await startServer({
    port: settings.port,
    host: settings.host,
    platformUrl,
    db: db ?? undefined,
    production,
    trustedProxies: settings.trustedProxies,
    payments: provider,
    delivery: providers,
    identity: identity.providers,
    logger: settings.logRequests ? (line) => process.stdout.write(`${line}\n`) : undefined,
    processMetrics: true,
    operatorSecretKey: settings.operatorSecretKey,
  })

  // Agent salaries and dividends are paid on the clock (every 5 minutes), as the platform would.
  const stopPayClock = db ? startPayClock(db) : () => undefined

  // The partner demo on a second origin (the next port), embedding every element: development only.
  const partner: PartnerSite | null = production ? null : await startPartnerSite({ brand: server.url, port: settings.partnerPort, host: settings.host })

  console.log(`\nLobbykit on ${server.url}${production ? ' (production)' : ''}`)
  if (db && production) {
    const hidden = await hiddenSignIns(db, identity.providers)
    if (hidden) console.warn(hidden)
  }
  console.log(`Health ${server.url}/healthz, readiness ${server.url}/readyz, metrics ${server.url}/metrics`)
  if (partner) console.log(`Partner demo (embeds every element, strict CSP) on ${partner.url}`)
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
    await partner?.close()
    await server.close()
    await db?.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
