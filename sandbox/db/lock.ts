/**
 * One sandbox per PGlite data directory. PGlite has no guard of its own: a second process on the same
 * directory either aborts inside WASM or, worse, writes the same files as the first. A lock file
 * holding the owner's process id is taken before the database opens; a lock whose process is gone
 * (a crash, a `kill -9`) is taken over.
 * @module
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Name of the lock file inside the data directory. */
export const lockFileName = 'sandbox.lock'

/** Thrown when another running process holds the data directory. */
export class DataDirInUse extends Error {
  readonly dataDir: string
  /** Process id of the holder, when the lock file names one. */
  readonly pid: number | null
  constructor(dataDir: string, pid: number | null) {
    super(
      `The data directory ${dataDir} is in use by another running sandbox${pid ? ` (process ${pid})` : ''}: stop it, or choose another directory, e.g. DATA_DIR=${dataDir.replace(/[\\/]+$/, '')}-2 npm start`,
    )
    this.name = 'DataDirInUse'
    this.dataDir = dataDir
    this.pid = pid
  }
}

/** A held lock. */
export interface DataDirLock {
  /** Removes the lock file if it is still ours (idempotent). */
  release(): void
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/**
 * Takes the lock of `dataDir` for this process (creating the directory) and releases it when the
 * process exits.
 * @throws {DataDirInUse} when a live process holds it.
 * @example const lock = lockDataDir('.data') // before openDb({ dataDir: '.data' })
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, lockFileName)
  const me = String(process.pid)
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${me}\n`, { flag: 'wx' })
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = readPid(file)
      // A lock being written this instant reads empty: treat it as held rather than stale.
      if (holder === null && attempt === 0) continue
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirInUse(dataDir, holder)
      if (attempt > 2) throw new DataDirInUse(dataDir, holder)
      // Stale: its process is gone. Remove it and race for it again with an exclusive create.
      try {
        unlinkSync(file)
      } catch {
        // Another starter removed it first; the exclusive create decides.
      }
    }
  }
  let held = true
  const release = () => {
    if (!held) return
    held = false
    process.off('exit', release)
    if (readPid(file) === process.pid) {
      try {
        unlinkSync(file)
      } catch {
        // Already gone.
      }
    }
  }
  process.on('exit', release)
  return { release }
}

/**
 * {@link lockDataDir} for a command line: when the directory is taken, prints the one-line reason and
 * exits with code 1 before anything touches the database.
 */
export function lockDataDirOrExit(dataDir: string): DataDirLock {
  try {
    return lockDataDir(dataDir)
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err
    console.error(err.message)
    process.exit(1)
  }
}
