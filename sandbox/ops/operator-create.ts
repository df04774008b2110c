/**
 * `npm run operator:create -- --username <name> --role <owner|finance|support|content>`: creates a
 * back-office operator in the database the server uses (DATABASE_URL, else the PGlite folder
 * DATA_DIR, which the server must not hold open meanwhile) and prints the TOTP secret and its
 * `otpauth://` address once, for the operator's authenticator app. The password is read from the
 * OPERATOR_PASSWORD environment variable or from standard input (typed without echo at a terminal),
 * never from the command line, where it would stay in the shell history and the process list.
 * The secret is stored sealed with OPERATOR_SECRET_KEY, which production requires (the server's own).
 * Refuses a username already taken. Exit code 0 when created, 1 otherwise.
 * @module
 */
import { createInterface } from 'node:readline'
import { operatorRoles } from '../../sdk/contract/all.ts'
import { createHasher } from '../auth/password.ts'
import { createOperator, OperatorRefused } from '../backoffice/operators.ts'
import { openDb, type Db } from '../db/index.ts'
import { lockDataDirOrExit } from '../db/lock.ts'
import { flagValue } from './guard.ts'
import { missingOperatorKey, readStartSettings, startErrorLine } from './start.ts'
import { developmentKeyText, sealOperatorSecrets, secretKey as keyOf } from '../backoffice/secret-box.ts'
import { getSetting } from '../settings.ts'
import { brand as demoBrand } from '../seed/config.ts'

const usage = `Usage: npm run operator:create -- --username <name> --role <${operatorRoles.join('|')}>
The password comes from OPERATOR_PASSWORD or standard input (at least 12 characters).`

/** Reads one line from standard input; at a terminal the typing is not echoed. */
async function readPassword(): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) {
    const rl = createInterface({ input })
    for await (const line of rl) {
      rl.close()
      return line
    }
    return ''
  }
  process.stderr.write('Password for the new operator (not shown): ')
  return new Promise((resolve) => {
    let typed = ''
    input.setRawMode(true)
    input.resume()
    input.setEncoding('utf8')
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          input.setRawMode(false)
          input.pause()
          input.off('data', onData)
          process.stderr.write('\n')
          resolve(typed)
          return
        }
        if (ch === '\u0003') process.exit(130)
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch
      }
    }
    input.on('data', onData)
  })
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2)
  const username = flagValue(argv, '--username') ?? argv[argv.indexOf('--username') + 1]
  const role = flagValue(argv, '--role') ?? argv[argv.indexOf('--role') + 1]
  if (!argv.some((a) => a.startsWith('--username')) || !argv.some((a) => a.startsWith('--role')) || !username || !role) {
    console.error(usage)
    return 1
  }
  const settings = readStartSettings(process.env)
  // The secret is sealed with the server's own key: created under another, it would never open.
  const noKey = missingOperatorKey(settings)
  if (noKey) {
    console.error(`Operator not created: ${noKey}`)
    return 1
  }
  // An empty variable counts as unset (a compose file's `OPERATOR_PASSWORD:` line with no value).
  const password = process.env.OPERATOR_PASSWORD || (await readPassword())
  if (!settings.databaseUrl) lockDataDirOrExit(settings.dataDir)
  let db: Db | undefined
  try {
    db = await openDb({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl })
    // The authenticator app lists the account under the brand's name, as configured in the database.
    const issuer = (await getSetting(db, 'brand', demoBrand)).name
    const secretKey = keyOf(settings.operatorSecretKey ?? developmentKeyText)
    // The key must be the server's: it opens the secrets already sealed (and seals any left in the clear).
    await sealOperatorSecrets(db, secretKey)
    const created = await createOperator(db, { hasher: createHasher(), secretKey }, { username, role: role as never, password }, Date.now(), issuer)
    console.log(`Operator ${created.username} (${created.role}) created.
Add this secret to the operator's authenticator app now: it is not shown again.
  TOTP secret: ${created.totpSecret}
  otpauth URI: ${created.otpauthUri}
Sign in at /admin with the username, the password and the app's 6-digit code.`)
    return 0
  } catch (err) {
    console.error(err instanceof OperatorRefused ? `Operator not created: ${err.message}` : `Operator not created: ${startErrorLine(err, { databaseUrl: settings.databaseUrl })}`)
    return 1
  } finally {
    await db?.close()
  }
}

process.exitCode = await main()
