import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from './index.ts'
import { DataDirInUse, lockDataDir, lockFileName } from './lock.ts'
import { template } from '../testing.ts'

const main = fileURLToPath(new URL('../main.ts', import.meta.url))

/** A `node sandbox/main.ts` process on port 0; resolves its URL once it serves, or its exit. */
function startMain(dataDir: string) {
  const child = spawn(process.execPath, [main], { env: { ...process.env, DATA_DIR: dataDir, PORT: '0', PARTNER_PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (err += d))
  const ready = new Promise<{ url: string } | { code: number | null; stderr: string }>((resolve) => {
    child.stdout!.on('data', () => {
      const m = /Lobbykit on (http:\/\/\S+)/.exec(out)
      if (m) resolve({ url: m[1] })
    })
    child.on('exit', (code) => resolve({ code, stderr: err }))
  })
  return { child, ready, output: () => out + err }
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))

async function statusOf(url: string): Promise<number> {
  return (await fetch(`${url}/wps/system/status`)).status
}

describe('one sandbox per data directory', () => {
  let dir: string
  let dataDir: string
  const children: ChildProcess[] = []

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lk-lock-'))
    dataDir = join(dir, 'data')
    // Start from the seeded test template so the processes skip seeding (minutes on a busy machine).
    const db = await openDb({ dataDir, loadDataDir: await template() })
    await db.close()
  }, 600_000)
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  })

  it('refuses a second process in one line, keeps the first serving, and frees the directory on exit', async () => {
    const first = startMain(dataDir)
    children.push(first.child)
    const up = await first.ready
    expect(up, first.output()).toHaveProperty('url')
    const url = (up as { url: string }).url
    expect(await statusOf(url)).toBe(200)

    const second = startMain(dataDir)
    children.push(second.child)
    const refused = await second.ready
    expect(refused).toEqual({ code: 1, stderr: expect.any(String) })
    const lines = (refused as { stderr: string }).stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`is in use by another running sandbox (process ${first.child.pid})`)
    expect(lines[0]).toContain('DATA_DIR=')

    // The first still serves from its data.
    expect(await statusOf(url)).toBe(200)

    first.child.kill('SIGTERM')
    await stopped(first.child)
    expect(existsSync(join(dataDir, lockFileName))).toBe(false)

    // The directory is free again and its data intact: a new process serves it without seeding.
    const third = startMain(dataDir)
    children.push(third.child)
    const again = await third.ready
    expect(again, third.output()).toHaveProperty('url')
    expect(third.output()).not.toContain('Seeding')
    expect(await statusOf((again as { url: string }).url)).toBe(200)
    third.child.kill('SIGTERM')
    await stopped(third.child)
  })

  it('takes over a lock left by a process that is gone', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    const deadPid = Number(dead.stdout)
    writeFileSync(join(dataDir, lockFileName), `${deadPid}\n`)
    const next = startMain(dataDir)
    children.push(next.child)
    const up = await next.ready
    expect(up, next.output()).toHaveProperty('url')
    expect(readFileSync(join(dataDir, lockFileName), 'utf8').trim()).toBe(String(next.child.pid))
    next.child.kill('SIGTERM')
    await stopped(next.child)
  })

  it('names the holder when the lock is live', () => {
    const lockDir = join(dir, 'in-process')
    const held = lockDataDir(lockDir)
    // A live holder other than this process: the parent of this test worker.
    writeFileSync(join(lockDir, lockFileName), `${process.ppid}\n`)
    expect(() => lockDataDir(lockDir)).toThrow(DataDirInUse)
    expect(() => lockDataDir(lockDir)).toThrow(`(process ${process.ppid})`)
    held.release()
    // release() leaves a lock that is no longer ours alone.
    expect(readFileSync(join(lockDir, lockFileName), 'utf8').trim()).toBe(String(process.ppid))
  })
})
