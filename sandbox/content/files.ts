/**
 * The editors' files as the web editor may touch them: Markdown entries at
 * `site/content/<collection>/<lang>/<slug>.md` and pictures at `site/content/<collection>/images/<name>`,
 * nothing else. A path is read as the editor's endpoint receives it (relative to the repository) and
 * refused unless it has exactly one of these shapes: no `..`, no absolute path, no other extension.
 * @module
 */
import { contentCollections, type ContentCollection, type ContentLanguage, contentLanguages } from '../../sdk/contract/content.ts'

/** Where the content lives in the repository. */
export const contentDir = 'site/content'

/** The picture formats the site shows. */
export const pictureExtensions = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const

/** A refused request: the endpoint answers its status and message. */
export class Refused extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** An entry file: its collection, language and slug. */
export interface EntryPath {
  path: string
  collection: ContentCollection
  lang: ContentLanguage
  slug: string
}

const segment = /^[a-z0-9][a-z0-9-]{0,79}$/
const isCollection = (name: string): name is ContentCollection => Object.hasOwn(contentCollections, name)
const isLanguage = (name: string): name is ContentLanguage => (contentLanguages as readonly string[]).includes(name)

/** The path's segments under `site/content`, or a refusal naming it. */
function segmentsOf(path: unknown): string[] {
  if (typeof path !== 'string' || path.length > 300) throw new Refused(400, 'A path is missing or too long.')
  const parts = path.split('/')
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0') || parts.some((p) => p === '..' || p === '.' || p === ''))
    throw new Refused(403, `"${path}" is not a path inside ${contentDir}.`)
  const base = contentDir.split('/')
  if (parts.length <= base.length || base.some((b, i) => parts[i] !== b)) throw new Refused(403, `"${path}" is outside ${contentDir}.`)
  return parts.slice(base.length)
}

/**
 * Reads an entry's path, or refuses it.
 * @example entryPath('site/content/help/es/deposits.md') // { collection: 'help', lang: 'es', slug: 'deposits', … }
 */
export function entryPath(path: unknown): EntryPath {
  const parts = segmentsOf(path)
  const [collection, lang, file] = parts
  if (parts.length !== 3 || !isCollection(collection) || !isLanguage(lang) || !file.endsWith('.md') || !segment.test(file.slice(0, -3)))
    throw new Refused(403, `"${path}" is not an entry: write site/content/<collection>/<language>/<name>.md with a name of small letters, digits and dashes.`)
  return { path: path as string, collection, lang, slug: file.slice(0, -3) }
}

/** A picture's path and collection, or a refusal. */
export function picturePath(path: unknown): { path: string; collection: ContentCollection; name: string } {
  const parts = segmentsOf(path)
  const [collection, folder, name] = parts
  const extension = name?.slice(name.lastIndexOf('.') + 1).toLowerCase()
  if (parts.length !== 3 || !isCollection(collection) || folder !== 'images' || !/^[\w-][\w.-]{0,99}$/.test(name) || !(pictureExtensions as readonly string[]).includes(extension))
    throw new Refused(403, `"${path}" is not a picture: pictures are PNG, JPEG, WebP or GIF files in site/content/<collection>/images.`)
  return { path: path as string, collection, name }
}

/** A folder the editor lists: a collection's folder (entries) or its `images` folder (pictures). */
export function folderPath(path: unknown): { collection: ContentCollection; images: boolean } {
  const parts = segmentsOf(typeof path === 'string' ? path.replace(/\/$/, '') : path)
  if (parts.length === 1 && isCollection(parts[0])) return { collection: parts[0], images: false }
  if (parts.length === 2 && isCollection(parts[0]) && parts[1] === 'images') return { collection: parts[0], images: true }
  throw new Refused(403, `"${path}" is not a content folder.`)
}
