/**
 * `npm run build`: builds the site into a new directory and switches `dist/site` to it only when the
 * build succeeded, so a server serving `dist/site` (`npm start`) never answers 404 while a rebuild runs,
 * and a failed build leaves the previous site serving.
 *
 * `dist/site` is a symbolic link to `dist/site.builds/<build>`; the switch is one `rename` of a new
 * link over it, which is atomic. The hashed assets (`_astro/`) of the previous build are copied into
 * the new one, so a page loaded just before the switch still finds the scripts it asks for next; they
 * are listed in `.lk-carried` so the size budget does not count them. The last two builds are kept.
 *
 * `LK_SITE_DIR` names another target (a private build), switched the same way.
 * @module
 */
import { spawn } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { copyFile, mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { precompress } from '../sandbox/static/precompress.ts'
import { checkLocales, describeProblem } from './locale-check.ts'

/** Names of the previous build's assets copied into a build (one per line, paths inside `_astro/`). */
export const carriedFile = '.lk-carried'

/** Builds a site into `outDir`; resolves true on success. */
export type SiteBuilder = (outDir: string) => Promise<boolean>

/** Directory holding the builds of `target`. */
export const buildsDirOf = (target: string): string => join(dirname(target), `${basename(target)}.builds`)

/** The build `target` points at now, or null when it is no link (missing, or a plain directory). */
function currentBuild(target: string): string | null {
  try {
    if (!lstatSync(target).isSymbolicLink()) return null
    return resolve(dirname(target), readlinkSync(target))
  } catch {
    return null
  }
}

/** Assets a build produced itself (not carried over from the one before it). */
function ownAssets(build: string): string[] {
  const dir = join(build, '_astro')
  if (!existsSync(dir)) return []
  const carried = new Set(existsSync(join(build, carriedFile)) ? readFileSync(join(build, carriedFile), 'utf8').split('\n') : [])
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((name) => !carried.has(name))
}

/**
 * Runs `build` into a new directory beside `target` and, when it succeeds, points `target` at it
 * in one atomic step. A failed build is removed and `target` is left as it was.
 * @returns whether the build succeeded (and `target` now serves it).
 * @example await buildAndSwitch('dist/site', astroBuild)
 */
export async function buildAndSwitch(targetDir: string, build: SiteBuilder, log: (line: string) => void = console.log): Promise<boolean> {
  const target = resolve(targetDir)
  const builds = buildsDirOf(target)
  await mkdir(builds, { recursive: true })
  const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${process.pid}`
  const next = join(builds, id)
  if (!(await build(next).catch(() => false)) || !existsSync(next)) {
    await rm(next, { recursive: true, force: true })
    log(existsSync(target) ? `The build failed; ${targetDir} still serves the previous build.` : 'The build failed.')
    return false
  }

  const previous = currentBuild(target) ?? (existsSync(target) ? resolve(target) : null)
  if (previous) {
    const carried: string[] = []
    for (const name of ownAssets(previous)) {
      const to = join(next, '_astro', name)
      if (existsSync(to)) continue
      await mkdir(dirname(to), { recursive: true })
      await copyFile(join(previous, '_astro', name), to)
      carried.push(name)
    }
    if (carried.length) await writeFile(join(next, carriedFile), `${carried.join('\n')}\n`)
  }

  const link = `${target}.next-${id}`
  await symlink(relative(dirname(target), next), link, 'junction')
  if (existsSync(target) && !lstatSync(target).isSymbolicLink()) {
    // A site built in place by an older version: move it among the builds once (two renames, the
    // only moment the target is briefly missing), then every later switch is a single rename.
    await rename(target, join(builds, `${id}-before`))
  }
  await rename(link, target)
  log(`${targetDir} now serves ${relative(process.cwd(), next)}.`)

  // Keep the new build and the one before it (pages loaded from it may still fetch its files).
  const moved = previous && dirname(previous) !== builds ? join(builds, `${id}-before`) : previous
  const keep = new Set([next, moved])
  for (const name of await readdir(builds)) {
    const dir = join(builds, name)
    if (!keep.has(dir)) await rm(dir, { recursive: true, force: true })
  }
  return true
}

/** Runs `astro build` into `outDir` (through `LK_SITE_DIR`, which astro.config.mjs reads). */
export const astroBuild: SiteBuilder = (outDir) =>
  new Promise((done) => {
    const bin = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url))
    const child = spawn(process.execPath, [bin, 'build'], { stdio: 'inherit', env: { ...process.env, LK_SITE_DIR: outDir } })
    child.on('error', () => done(false))
    child.on('exit', (code) => done(code === 0))
  })

/** The site build `npm run build` runs: Astro, then the `.br` and `.gz` copies the host serves. */
export const siteBuild: SiteBuilder = async (outDir) => {
  if (!(await astroBuild(outDir))) return false
  console.log(`precompressed ${await precompress(outDir)} files`)
  return true
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // A Chinese or Vietnamese text still in English, or a placeholder lost in translation, stops the build.
  const untranslated = checkLocales()
  if (untranslated.length) {
    console.error(`${untranslated.length} locale texts fail the translation check (scripts/locale-check.ts):`)
    for (const problem of untranslated) console.error(`  ${describeProblem(problem)}`)
    process.exit(1)
  }
  const target = process.env.LK_SITE_DIR ?? join('dist', 'site')
  process.exit((await buildAndSwitch(target, siteBuild)) ? 0 : 1)
}
