/**
 * The content editor on the live site, for the back office's content operators (and owners): the
 * editor's page and files under `/ops/api/content/editor` (where the back office's session cookie is
 * sent), its endpoint at `POST /ops/api/content` over the server's content folder (`CONTENT_DIR`,
 * default `site/content` of the checkout), and Publish, which rebuilds the site from that folder in the
 * background and swaps it in while the server serves (scripts/build-site.ts).
 *
 * Every call needs a live back-office session of role content or owner (none: the page sends the
 * browser to the back-office sign-in, a call answers 401; another role: 403), changes come as JSON
 * only (the back office's guard, on top of its SameSite=Strict cookie), calls are counted per operator
 * (rate limit), and each save, upload, delete and publish is written to the operators' audit: the file's
 * path and its contents before and after as a short hash and a size, never the text itself.
 * @module
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import type { Context, Hono } from 'hono'
import { mayDo } from '../../sdk/contract/all.ts'
import { clientIp } from '../http/address.ts'
import { readBody } from '../http/body.ts'
import type { Deps } from '../http/context.ts'
import { Fail, failResponse } from '../http/fail.ts'
import { consume, type Limit } from '../auth/ratelimit.ts'
import { recordAudit } from '../backoffice/audit-log.ts'
import { operatorOfCookie, type OperatorSession } from '../backoffice/sessions.ts'
import { editorFile, editorPage } from './editor.ts'
import { type ContentChange, contentAction, contentBodyLimit } from './endpoint.ts'
import { contentDir, Refused } from './files.ts'

/** The editor's page on the live site (its files are under it). */
export const liveEditorPath = '/ops/api/content/editor'
/** The editor's endpoint on the live site. */
export const liveEndpointPath = '/ops/api/content'
/** Where a browser without a back-office session is sent to sign in. */
export const signInPath = '/admin'

/** A command line: what Publish runs. */
export interface BuildCommand {
  command: string
  args: string[]
  cwd: string
  env: Record<string, string>
}

/** The live editor's setup (sandbox/host.ts makes it from the environment). */
export interface LiveContentOptions {
  /** The checkout the server runs from (the build runs there). */
  repoRoot: string
  /** The content folder edited and built (`CONTENT_DIR`). */
  contentRoot: string
  /** The built site the server serves (`dist/site`), which Publish replaces. */
  siteDir: string
  /** What Publish runs (default {@link siteBuildCommand}); tests run a small command of their own. */
  build?: BuildCommand
  /** Editor calls per operator (default 600 a minute: an editor's list loads many files at once). */
  limit?: Limit
}

/** The editor calls an operator may make (each list, entry, save and upload counts). */
export const editorLimit: Limit = { bucket: 'content_editor', max: 600, windowMs: 60_000 }

/**
 * The build `npm run build` runs for the site (scripts/build-site.ts), reading `contentRoot` and
 * switching `siteDir` to the new build when it succeeds.
 */
export const siteBuildCommand = (o: Pick<LiveContentOptions, 'repoRoot' | 'contentRoot' | 'siteDir'>): BuildCommand => ({
  command: process.execPath,
  args: [join(o.repoRoot, 'scripts', 'build-site.ts')],
  cwd: o.repoRoot,
  env: { LK_CONTENT_DIR: resolve(o.contentRoot), LK_SITE_DIR: resolve(o.siteDir) },
})

/** The live editor from the environment: `CONTENT_DIR` (default `site/content` of `repoRoot`). */
export const liveContentFromEnv = (env: NodeJS.ProcessEnv, repoRoot: string, siteDir: string): LiveContentOptions => ({
  repoRoot,
  contentRoot: resolve(repoRoot, env.CONTENT_DIR || contentDir),
  siteDir: resolve(repoRoot, siteDir),
})

/** Where Publish is. */
export type PublishStatus =
  | { state: 'idle' }
  | { state: 'running'; startedAt: string; by: string }
  | { state: 'done'; startedAt: string; finishedAt: string; by: string }
  | { state: 'failed'; startedAt: string; finishedAt: string; by: string; reason: string }

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in the build's output
const colours = /\u001b\[[0-9;]*m/g

/**
 * The build's one-line reason from its output: the line naming a content file (`…md: field: message`)
 * when there is one, else the last line that says error, else the last line. A file of `contentRoot`
 * (named from the build's directory `cwd`) is named as the editor names it, `site/content/…`.
 */
export function buildReason(output: string, where?: { cwd: string; contentRoot: string }): string {
  const named = (text: string) =>
    where
      ? text.replace(/[^\s:]+\.md\b/g, (file) => {
          const inside = relative(resolve(where.contentRoot), resolve(where.cwd, file))
          return inside.startsWith('..') || isAbsolute(inside) ? file : `${contentDir}/${inside.split(sep).join('/')}`
        })
      : text
  const lines = named(output.replace(colours, ''))
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  const file = lines.find((l) => /\.md\b[^:]*:\s*\S+:/.test(l))
  const line = file ?? lines.findLast((l) => /error|fail|refus/i.test(l)) ?? lines.at(-1) ?? 'The build stopped without saying why.'
  return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

/** Runs the build, one at a time, and remembers how the last one went. */
export class Publisher {
  #status: PublishStatus = { state: 'idle' }
  #running: Promise<void> | null = null
  readonly #command: BuildCommand
  readonly #now: () => number

  readonly #contentRoot: string | undefined

  constructor(command: BuildCommand, now: () => number, contentRoot?: string) {
    this.#command = command
    this.#now = now
    this.#contentRoot = contentRoot
  }

  get status(): PublishStatus {
    return this.#status
  }

  /** The build under way, or a settled promise when none runs. */
  settled(): Promise<void> {
    return this.#running ?? Promise.resolve()
  }

  /** Starts a build unless one runs; says whether it started. */
  start(by: string): boolean {
    if (this.#running) return false
    const startedAt = new Date(this.#now()).toISOString()
    this.#status = { state: 'running', startedAt, by }
    const { command, args, cwd, env } = this.#command
    // A server started from the built files only (the Docker image) has no site sources to build.
    const script = args[0]
    if (script && isAbsolute(script) && !existsSync(script)) {
      const reason = `The site cannot be built on this server: ${script} is missing (it runs without the site's sources).`
      this.#status = { state: 'failed', startedAt, finishedAt: startedAt, by, reason }
      return true
    }
    this.#running = new Promise<void>((done) => {
      let output = ''
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-64_000)
      }
      const finish = (ok: boolean, why?: string) => {
        const finishedAt = new Date(this.#now()).toISOString()
        this.#status = ok
          ? { state: 'done', startedAt, finishedAt, by }
          : { state: 'failed', startedAt, finishedAt, by, reason: why ?? buildReason(output, this.#contentRoot ? { cwd, contentRoot: this.#contentRoot } : undefined) }
        this.#running = null
        done()
      }
      const child = spawn(command, args, { cwd, env: { ...process.env, ...env, NODE_ENV: 'production', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] })
      child.stdout.on('data', keep)
      child.stderr.on('data', keep)
      child.on('error', (err) => finish(false, `The build could not start: ${err.message}`))
      child.on('close', (code) => finish(code === 0))
    })
    return true
  }
}

/** The live editor as the app holds it. */
export interface LiveContent extends LiveContentOptions {
  publisher: Publisher
}

/** The live editor of `opts`, its Publish running `opts.build` or the site's build. */
export const liveContent = (opts: LiveContentOptions, now: () => number): LiveContent => ({
  ...opts,
  publisher: new Publisher(opts.build ?? siteBuildCommand(opts), now, opts.contentRoot),
})

const short = (bytes: Uint8Array | null) => (bytes === null ? null : { sha256: createHash('sha256').update(bytes).digest('hex').slice(0, 12), bytes: bytes.byteLength })

/** The operator of the request when they may edit content; else the refusal. */
async function editor(c: Context, deps: Deps): Promise<OperatorSession | Fail> {
  const operator = await operatorOfCookie(c, deps.db, deps.now())
  if (!operator) return new Fail('unauthorized', 'Sign in to the back office.')
  if (!mayDo(operator.role, 'content')) return new Fail('forbidden', `The ${operator.role} role may not edit content.`)
  return operator
}

/** Registers the editor's page, files and endpoint (`/ops/api/content*`); Publish is a back-office route (sandbox/backoffice/routes.ts). */
export function registerLiveContentRoutes(app: Hono, deps: Deps, live: LiveContent): void {
  const limit = live.limit ?? editorLimit
  const page = async (c: Context, file: string | null) => {
    const who = await editor(c, deps)
    if (who instanceof Fail) {
      if (who.code === 'unauthorized' && file === null) return c.redirect(signInPath, 303)
      return failResponse(c, who)
    }
    if (file === null) return editorPage(liveEditorPath, liveEndpointPath)
    return (await editorFile(file)) ?? failResponse(c, new Fail('not_found', 'No such file.'))
  }
  app.get(liveEditorPath, (c) => page(c, null))
  app.get(`${liveEditorPath}/*`, (c) => page(c, c.req.path.slice(liveEditorPath.length + 1)))

  app.post(liveEndpointPath, async (c) => {
    const reply = (status: number, json: unknown) => Response.json(json, { status, headers: { 'Cache-Control': 'no-store' } })
    try {
      const who = await editor(c, deps)
      if (who instanceof Fail) return failResponse(c, who)
      const now = deps.now()
      await consume(deps.db, [{ limit, key: who.id }], now, 'editor calls')
      let body: unknown
      try {
        body = JSON.parse(await readBody(c.req.raw, contentBodyLimit))
      } catch {
        return reply(400, { error: 'The body is not JSON, or too large.' })
      }
      const ip = clientIp(c, deps.trustedProxies)
      const changed = (change: ContentChange) =>
        recordAudit(deps.db, {
          operatorId: who.id,
          operator: who.username,
          action: `content.${change.kind}`,
          target: change.path,
          before: short(change.before),
          after: short(change.after),
          ip,
          at: now,
        })
      const answer = await contentAction({ repoRoot: live.repoRoot, contentRoot: live.contentRoot, changed }, body)
      return reply(answer.status, answer.json)
    } catch (err) {
      if (err instanceof Refused) return reply(err.status, { error: err.message })
      if (err instanceof Fail) return failResponse(c, err)
      throw err
    }
  })
}
