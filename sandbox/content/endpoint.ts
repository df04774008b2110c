/**
 * The web editor's endpoint (`POST /sandbox/content`): Decap CMS's local-backend protocol — a JSON body
 * `{ action, params }` for `info`, `entriesByFolder`, `entriesByFiles`, `getEntry`, `persistEntry`,
 * `getMedia`, `getMediaFile`, `persistMedia`, `deleteFile`, `deleteFiles` — over the editors' files in
 * `site/content` and nothing else (sandbox/content/files.ts).
 *
 * An entry is saved only if the build would take it: its dates as written (strict ISO), its front
 * matter parsed as the build parses it and checked by the same schema (sdk/contract/content.ts), and
 * each picture it names within its field's limits. A picture upload is checked against the limits of
 * its collection's picture fields. Refusals answer 422 with the build's words, which the editor shows.
 *
 * English entries come with their translation status in a `translations` line the editor shows in the
 * list; the endpoint computes it on every read and drops it on every save.
 * @module
 */
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import { dirname, join, posix } from 'node:path'
import { parseFrontmatter } from '@astrojs/internal-helpers/frontmatter'
import { z } from 'astro/zod'
import {
  collectionSchema,
  contentCollections,
  type ContentCollection,
  type FieldSpec,
  fieldsOfKind,
  frontMatterDateMistakes,
  type PictureLimits,
} from '../../sdk/contract/content.ts'
import { pictureMistake } from '../../sdk/contract/picture.ts'
import { readBody } from '../http/body.ts'
import { contentDir, type EntryPath, entryPath, folderPath, picturePath, Refused } from './files.ts'
import { statusLine, translatedText, translationStatus } from './translations.ts'

/** Where the repository is (its `site/content` is edited). */
export interface ContentEndpointOptions {
  repoRoot: string
  /**
   * Where the entries are on disk (default the repository's `site/content`): the paths the editor
   * sends stay `site/content/…` and are read and written here (`CONTENT_DIR` of the live site).
   */
  contentRoot?: string
  /**
   * Host names the endpoint answers (default the loopback names): a page that rebinds its own name to
   * this machine's address still sends its own name, and is refused.
   */
  hosts?: readonly string[]
  /** Told of every file the endpoint wrote or deleted, after the change (the live site's audit). */
  changed?: (change: ContentChange) => Promise<void>
}

/** A file the endpoint changed: a saved entry, an uploaded picture or a deleted file, with its contents before and after (null: none). */
export interface ContentChange {
  kind: 'save' | 'upload' | 'delete'
  path: string
  before: Uint8Array | null
  after: Uint8Array | null
}

const loopback = ['localhost', '127.0.0.1', '[::1]']

/** Largest request: a few entries and a banner picture in base64. */
export const contentBodyLimit = 4_000_000

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')
const fieldsOf = (c: ContentCollection) => contentCollections[c].fields as Record<string, FieldSpec>

/** The loosest limits of a collection's picture fields (an upload is not yet tied to one field); body pictures otherwise. */
export function uploadLimits(collection: ContentCollection): PictureLimits {
  const pictures = Object.values(fieldsOf(collection)).flatMap((f) => (f.kind === 'picture' ? [f.limits] : []))
  if (!pictures.length) return { maxBytes: 1_000_000, maxWidth: 4000, maxHeight: 4000 }
  return {
    maxBytes: Math.max(...pictures.map((l) => l.maxBytes)),
    maxWidth: Math.max(...pictures.map((l) => l.maxWidth)),
    maxHeight: Math.max(...pictures.map((l) => l.maxHeight)),
  }
}

/** The front matter without the computed `translations` line (and its continuation lines). */
export function withoutStatus(raw: string): string {
  const m = /^(---\r?\n)([\s\S]*?)(\r?\n---)/.exec(raw)
  if (!m) return raw
  const kept: string[] = []
  let dropping = false
  for (const line of m[2].split(/\r?\n/)) {
    if (/^translations:/.test(line)) dropping = true
    else if (!dropping || !/^\s/.test(line)) {
      dropping = false
      kept.push(line)
    }
  }
  return `${m[1]}${kept.join('\n')}${raw.slice(m[0].length - m[3].length)}`
}

const withStatus = (raw: string, line: string) => (/^---\r?\n/.test(raw) ? raw.replace(/^---\r?\n/, (open) => `${open}translations: ${JSON.stringify(line)}\n`) : raw)

/** Whether a file has any text of its own language: a translated field or a body. */
function hasOwnText(raw: string, collection: ContentCollection): boolean {
  try {
    const { frontmatter, content } = parseFrontmatter(raw)
    return content.trim() !== '' || Object.entries(fieldsOf(collection)).some(([name, f]) => f.translated && frontmatter[name] !== undefined && frontmatter[name] !== '')
  } catch {
    return true
  }
}

/** The file on disk of an editor's path (`site/content/…`) under `contentRoot`. */
export const onDisk = (contentRoot: string, path: string): string => join(contentRoot, path.slice(contentDir.length + 1))

/**
 * Why the build would refuse an entry, one line each (`path: field: message`); none when it takes it.
 * `uploads` are the pictures sent along, by path. `root` is the content folder's repository, or
 * `{ contentRoot }` the content folder itself.
 */
export async function entryMistakes(root: string | { contentRoot: string }, entry: EntryPath, raw: string, uploads: Map<string, Uint8Array> = new Map()): Promise<string[]> {
  const contentRoot = typeof root === 'string' ? join(root, contentDir) : root.contentRoot
  const say = (field: string, message: string) => `${entry.path}: ${field}: ${message}`
  const dates = frontMatterDateMistakes(raw, fieldsOfKind(entry.collection, 'date')).map((m) => `${entry.path}: ${m}`)
  if (dates.length) return dates
  let frontmatter: Record<string, unknown>
  try {
    frontmatter = parseFrontmatter(raw).frontmatter
  } catch (err) {
    return [say('front matter', `it is not readable: ${(err as Error).message.split('\n')[0]}`)]
  }
  const parsed = collectionSchema(z, entry.collection).safeParse(frontmatter)
  const found = parsed.success ? [] : parsed.error.issues.map((i) => say(i.path.join('.') || 'front matter', i.message))
  for (const [name, spec] of Object.entries(fieldsOf(entry.collection))) {
    const value = frontmatter[name]
    if (spec.kind !== 'picture' || typeof value !== 'string' || !value) continue
    let picture: ReturnType<typeof picturePath>
    try {
      picture = picturePath(posix.join(posix.dirname(entry.path), value))
    } catch (err) {
      found.push(say(name, (err as Error).message))
      continue
    }
    const bytes = uploads.get(picture.path) ?? (await readFile(onDisk(contentRoot, picture.path)).catch(() => null))
    const mistake = bytes ? pictureMistake(bytes, spec.limits) : `there is no picture ${value}`
    if (mistake) found.push(say(name, mistake))
  }
  return found
}

interface Asset {
  path: string
  content: string
  encoding: string
}

/** One request's answer: its JSON and status. */
export interface Answer {
  status: number
  json: unknown
}

/** Handles one `{ action, params }` body. */
export async function contentAction(opts: ContentEndpointOptions, body: unknown): Promise<Answer> {
  const { repoRoot } = opts
  const contentRoot = opts.contentRoot ?? join(repoRoot, contentDir)
  const disk = (path: string) => onDisk(contentRoot, path)
  const { action, params = {} } = (body ?? {}) as { action?: unknown; params?: Record<string, unknown> }
  const p = params as Record<string, unknown>
  const ok = (json: unknown): Answer => ({ status: 200, json })

  const readEntries = async (paths: string[]) => {
    const status = new Map<ContentCollection, ReturnType<typeof translationStatus>>()
    return Promise.all(
      paths.map(async (path) => {
        const entry = entryPath(path)
        const raw = await readFile(disk(path), 'utf8').catch(() => null)
        if (raw === null) return { data: null, file: { path, id: null } }
        let data = raw
        if (entry.lang === 'en') {
          if (!status.has(entry.collection)) status.set(entry.collection, translationStatus(repoRoot, entry.collection, contentRoot))
          const line = status.get(entry.collection)?.get(entry.slug)
          if (line) data = withStatus(raw, statusLine(line))
        }
        return { data, file: { path, id: sha256(data) } }
      }),
    )
  }
  const readPicture = async (path: string) => {
    const picture = picturePath(path)
    const bytes = await readFile(disk(picture.path)).catch(() => null)
    if (!bytes) throw new Refused(404, `There is no picture ${path}.`)
    return { id: sha256(bytes), content: bytes.toString('base64'), encoding: 'base64', path, name: picture.name }
  }
  const decode = (asset: Asset) => {
    const picture = picturePath(asset?.path)
    if (asset.encoding !== 'base64' || typeof asset.content !== 'string') throw new Refused(400, 'A picture comes as base64.')
    const bytes = Buffer.from(asset.content, 'base64')
    const mistake = pictureMistake(bytes, uploadLimits(picture.collection))
    if (mistake) throw new Refused(422, `${asset.path}: ${mistake}`)
    return { path: picture.path, bytes }
  }
  const write = async (path: string, data: string | Uint8Array, kind: 'save' | 'upload', before?: string | null) => {
    const earlier = before !== undefined ? before : await readFile(disk(path)).catch(() => null)
    await mkdir(dirname(disk(path)), { recursive: true })
    await writeFile(disk(path), data)
    await opts.changed?.({ kind, path, before: earlier === null ? null : Buffer.from(earlier), after: Buffer.from(data) })
  }

  switch (action) {
    case 'info':
      return ok({ repo: 'lobbykit', publish_modes: ['simple'], type: 'local_fs' })
    case 'entriesByFolder': {
      const folder = folderPath(p.folder)
      if (folder.images) throw new Refused(403, 'Entries live in a collection folder.')
      const paths: string[] = []
      for (const lang of await readdir(join(contentRoot, folder.collection)).catch(() => [])) {
        for (const file of await readdir(join(contentRoot, folder.collection, lang)).catch(() => [])) {
          const path = `${contentDir}/${folder.collection}/${lang}/${file}`
          try {
            entryPath(path)
            paths.push(path)
          } catch {
            // pictures and anything else in the folder are no entries
          }
        }
      }
      return ok(await readEntries(paths.sort()))
    }
    case 'entriesByFiles':
      if (!Array.isArray(p.files)) throw new Refused(400, 'files is a list.')
      return ok(await readEntries(p.files.map((f: { path?: unknown }) => entryPath(f?.path).path)))
    case 'getEntry':
      return ok((await readEntries([entryPath(p.path).path]))[0])
    case 'persistEntry': {
      const dataFiles = (Array.isArray(p.dataFiles) ? p.dataFiles : p.entry ? [p.entry] : []) as { path?: unknown; raw?: unknown; newPath?: unknown }[]
      if (!dataFiles.length || dataFiles.length > 8) throw new Refused(400, 'dataFiles lists one to eight files.')
      const assets = (Array.isArray(p.assets) ? p.assets : []) as Asset[]
      const uploads = new Map(assets.map((a) => decode(a)).map((a) => [a.path, a.bytes]))
      const sent = dataFiles.map((f) => {
        if (typeof f.raw !== 'string') throw new Refused(400, 'Each file comes with its text.')
        const from = entryPath(f.path)
        const to = f.newPath === undefined ? from : entryPath(f.newPath)
        return { from, to, raw: withoutStatus(f.raw) }
      })
      // The editor sends every language with the values copied from English: a language not written
      // yet (no file, none of its own text) stays absent, so the site falls back to another language.
      const exists = async (path: string) => (await stat(disk(path)).catch(() => null)) !== null
      const files = []
      for (const f of sent) if (f.to.lang === 'en' || (await exists(f.from.path)) || hasOwnText(f.raw, f.to.collection)) files.push(f)
      const mistakes = (await Promise.all(files.map((f) => entryMistakes({ contentRoot }, f.to, f.raw, uploads)))).flat()
      if (mistakes.length) throw new Refused(422, mistakes.join('\n'))
      for (const [path, bytes] of uploads) await write(path, bytes, 'upload')
      for (const f of files) {
        const before = await readFile(disk(f.from.path), 'utf8').catch(() => null)
        const times = before === null ? null : await stat(disk(f.from.path))
        if (f.from.path !== f.to.path) {
          await mkdir(dirname(disk(f.to.path)), { recursive: true })
          if (before !== null) await rename(disk(f.from.path), disk(f.to.path))
        }
        if (before === f.raw) {
          if (f.from.path !== f.to.path && before !== null) await opts.changed?.({ kind: 'save', path: f.to.path, before: Buffer.from(before), after: Buffer.from(f.raw) })
          continue
        }
        await write(f.to.path, f.raw, 'save', before)
        // Only the values copied from English changed: the translation's text keeps its time.
        if (times && before !== null && translatedText(before, f.to.collection) === translatedText(f.raw, f.to.collection)) await utimes(disk(f.to.path), times.atime, times.mtime)
      }
      return ok({ message: 'entry persisted' })
    }
    case 'getMedia': {
      const folder = folderPath(p.mediaFolder)
      if (!folder.images) throw new Refused(403, 'Pictures live in a collection\u2019s images folder.')
      const dir = `${contentDir}/${folder.collection}/images`
      const names = (await readdir(disk(dir)).catch(() => [] as string[])).filter((name) => {
        try {
          return Boolean(picturePath(`${dir}/${name}`))
        } catch {
          return false
        }
      })
      return ok(await Promise.all(names.sort().map((name) => readPicture(`${dir}/${name}`))))
    }
    case 'getMediaFile':
      return ok(await readPicture(picturePath(p.path).path))
    case 'persistMedia': {
      const asset = decode(p.asset as Asset)
      await write(asset.path, asset.bytes, 'upload')
      return ok(await readPicture(asset.path))
    }
    case 'deleteFile':
    case 'deleteFiles': {
      const paths = action === 'deleteFile' ? [p.path] : Array.isArray(p.paths) ? p.paths : []
      const checked = paths.map((path) => {
        try {
          return entryPath(path).path
        } catch {
          return picturePath(path).path
        }
      })
      for (const path of checked) {
        const before = await readFile(disk(path)).catch(() => null)
        if (before === null) continue
        await unlink(disk(path)).catch(() => undefined)
        await opts.changed?.({ kind: 'delete', path, before, after: null })
      }
      return ok({ message: `deleted ${checked.join(', ')}` })
    }
    case 'getDeployPreview':
      return ok(null)
    default:
      throw new Refused(422, `Unknown action ${String(action)}`)
  }
}

/**
 * The endpoint as a fetch handler: JSON bodies only (a form posted from another site cannot reach it
 * without the browser asking first), refusals as `{ error }` with their status.
 */
export function contentEndpoint(opts: ContentEndpointOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const reply = (status: number, json: unknown) => Response.json(json, { status, headers: { 'Cache-Control': 'no-store' } })
    const host = (request.headers.get('host') ?? new URL(request.url).host).replace(/:\d+$/, '').toLowerCase()
    if (!(opts.hosts ?? loopback).includes(host)) return reply(403, { error: `The content editor answers on ${(opts.hosts ?? loopback).join(', ')} only.` })
    if (request.method !== 'POST') return reply(405, { error: 'POST a JSON body { action, params }.' })
    if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) return reply(415, { error: 'The body must be JSON (Content-Type: application/json).' })
    let text: string
    try {
      text = await readBody(request, contentBodyLimit)
    } catch {
      return reply(413, { error: 'The request is too large.' })
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return reply(400, { error: 'The body is not JSON.' })
    }
    try {
      const answer = await contentAction(opts, body)
      return reply(answer.status, answer.json)
    } catch (err) {
      if (err instanceof Refused) return reply(err.status, { error: err.message })
      throw err
    }
  }
}
