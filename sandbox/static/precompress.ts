/**
 * Precompressed copies of the built files: `npm run build` writes `<file>.br` and `<file>.gz` beside
 * every text file worth compressing, once, at the best settings, and the host serves them through
 * `serveStatic`'s `precompressed` option (no compression while answering, no cache of compressed bytes).
 * @module
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { getMimeType } from 'hono/utils/mime'

/** Below this many bytes a file is sent as it is: the headers would cost more than compression saves. */
export const MIN_COMPRESS = 1024

/** Text types worth compressing (pages, scripts, styles, JSON, SVG, the web manifest). */
export const isCompressibleType = (type: string): boolean => /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(type)

/** Whether the build writes compressed copies of a file of this name and size. */
export const isPrecompressed = (file: string, size: number): boolean => size >= MIN_COMPRESS && isCompressibleType(getMimeType(file) ?? '')

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every file below `dir` that {@link isPrecompressed};
 * returns how many files got them. Files already compressed (`.br`, `.gz`) are left alone.
 * @example await precompress('dist/site')
 */
export async function precompress(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name)).map((e) => join(e.parentPath, e.name))
  let done = 0
  // zlib's async calls run on the thread pool: a few at a time keep it busy without piling up buffers.
  const queue = [...files]
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (!isPrecompressed(file, (await stat(file)).size)) continue
      const data = await readFile(file)
      await writeFile(`${file}.br`, await brotliAsync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length } }))
      await writeFile(`${file}.gz`, await gzipAsync(data, { level: 9 }))
      done++
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return done
}
