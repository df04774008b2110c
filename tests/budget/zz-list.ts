import { pageEntryScripts } from './measure.ts'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
const [site, ...routes] = process.argv.slice(2)
for (const route of routes) {
  const files = pageEntryScripts(site, `${site}${route}/index.html`)
  for (const f of files) console.log(f.replace(/\.[\w-]+\.js$/, ''), gzipSync(readFileSync(`${site}/${f}`)).length, f)
}
