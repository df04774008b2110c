import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresForFile } from '../../sandbox/race-testkit.ts'
import { startSandbox, type Sandbox } from '../../sandbox/testing.ts'
import { checked, parallelOldPasswordGuesses, parallelPasswordGuesses } from './attacks.ts'

// The same replays on a real PostgreSQL server, where requests really run on parallel connections
// (PGlite has one). Missing binaries make this fail (startPostgres says how to install them).
const pg = postgresForFile()
let sb: Sandbox
beforeAll(async () => {
  sb = await startSandbox({ databaseUrl: pg.url })
}, 180_000)
// Registered after the server's hooks, so it runs before the server stops.
afterAll(() => sb?.close())

describe('parallel guessing on PostgreSQL', () => {
  it('checks at most 5 wrong of 20 parallel password logins for one account', async () => {
    const { codes, counted } = await parallelPasswordGuesses(sb, 'member12', 'member1234', '198.51.100.31')
    // At most 5 wrong guesses are checked (plus, at most, the right one: it takes its reservation back).
    expect(codes.filter((c) => c === 'invalid_credentials').length).toBeLessThanOrEqual(5)
    expect(checked(codes, 'invalid_credentials')).toBeLessThanOrEqual(6)
    expect(counted).toBe(codes.filter((c) => c === 'invalid_credentials').length)
  })

  it('checks at most 5 of 10 parallel wrong current passwords', async () => {
    const codes = await parallelOldPasswordGuesses(sb, 'member13', 'member1234', '198.51.100.32')
    expect(checked(codes, 'password_incorrect')).toBeLessThanOrEqual(5)
  })
})
