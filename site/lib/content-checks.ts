/**
 * Build checks of the editors' pictures: each picture a front matter names keeps within its field's
 * bytes and pixels (sdk/contract/content.ts), the same check the web editor's endpoint makes on upload.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { type ContentCollection, contentCollections, type FieldSpec, fieldsOfKind } from '../../sdk/contract/content.ts'
import { pictureMistake } from '../../sdk/contract/picture.ts'

/**
 * Where the content lives: `site/content`, or `LK_CONTENT_DIR` (the editor's journey runs the dev
 * server on a copy).
 */
export const contentRoot = process.env.LK_CONTENT_DIR ?? './site/content'

/** Every picture mistake under `root`, one line each naming the file and field. */
export function contentPictureMistakes(root: string): string[] {
  const found: string[] = []
  for (const collection of Object.keys(contentCollections) as ContentCollection[]) {
    const fields = fieldsOfKind(collection, 'picture')
    if (!fields.length) continue
    const dir = join(root, collection)
    let files: string[]
    try {
      files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))
    } catch {
      continue
    }
    for (const file of files.sort()) {
      const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? ''
      for (const line of front.split(/\r?\n/)) {
        const m = /^([A-Za-z]+):\s*["']?(.*?)["']?\s*$/.exec(line)
        if (!m || !fields.includes(m[1]) || !m[2]) continue
        const spec = (contentCollections[collection].fields as Record<string, FieldSpec>)[m[1]]
        if (spec.kind !== 'picture') continue
        const name = relative(process.cwd(), join(dir, file)).split(sep).join('/')
        let bytes: Uint8Array
        try {
          bytes = readFileSync(join(dir, dirname(file), m[2]))
        } catch {
          found.push(`${name}: ${m[1]}: there is no picture ${m[2]}`)
          continue
        }
        const mistake = pictureMistake(bytes, spec.limits)
        if (mistake) found.push(`${name}: ${m[1]}: ${mistake}`)
      }
    }
  }
  return found
}

/** Throws one error listing every picture mistake under `root`. */
export function assertContentPictures(root: string): void {
  const mistakes = contentPictureMistakes(root)
  if (mistakes.length) throw new Error(`Content pictures must keep within their field's limits:\n${mistakes.join('\n')}`)
}
