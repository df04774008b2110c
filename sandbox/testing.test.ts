import { spawnSync } from 'node:child_process'
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockAbandoned } from './testing.ts'

describe('the seeded template lock', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'lk-lock-'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  const lockHeldBy = async (name: string, pid: string) => {
    const lock = join(root, name)
    await mkdir(lock)
    await writeFile(join(lock, 'pid'), pid)
    return lock
  }

  it('is taken over at once when the worker that held it is gone (killed mid-build)', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid
    expect(await lockAbandoned(await lockHeldBy('dead', String(gone)))).toBe(true)
  })

  it('is waited for while its holder runs, unless it is older than any build', async () => {
    const parent = await lockHeldBy('alive', String(process.ppid))
    expect(await lockAbandoned(parent)).toBe(false)
    const old = new Date(Date.now() - 6 * 60 * 1000)
    await utimes(parent, old, old)
    expect(await lockAbandoned(parent)).toBe(true)
  })
})
