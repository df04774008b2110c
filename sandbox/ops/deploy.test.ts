import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The container files, checked without a Docker engine: compose.yaml is well-formed YAML with the
// database, two instances checked on /readyz and a proxy in front of both; the Dockerfile builds in
// stages, runs `npm run serve` as a user that is not root, and copies only files that exist.
const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (file: string) => readFileSync(join(root, file), 'utf8')

type Yaml = string | number | boolean | null | Yaml[] | { [key: string]: Yaml }

/**
 * A small YAML reader for the subset compose files use: block mappings and sequences by indentation,
 * quoted and plain scalars, JSON-style flow sequences, comments, anchors (`&a`), aliases (`*a`) and
 * merge keys (`<<: *a`). Throws on anything else (a tab, a bad indentation, an unclosed quote, a
 * duplicate key), which is what "well-formed" checks here.
 */
function parseYaml(text: string): Yaml {
  const stripComment = (line: string) => {
    let quote = ''
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]
      if (quote) {
        if (ch === quote) quote = ''
      } else if (ch === '"' || ch === "'") quote = ch
      else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i)
    }
    if (quote) throw new Error(`unclosed quote: ${line}`)
    return line
  }
  const lines = text
    .split('\n')
    .map((raw, n) => {
      if (/^\t| \t/.test(raw)) throw new Error(`line ${n + 1}: a tab in the indentation`)
      const line = stripComment(raw).trimEnd()
      return { n: n + 1, indent: line.length - line.trimStart().length, text: line.trim() }
    })
    .filter((l) => l.text !== '')
  const anchors = new Map<string, Yaml>()
  let i = 0
  const scalar = (s: string): Yaml => {
    if (s.startsWith('*')) {
      if (!anchors.has(s.slice(1))) throw new Error(`unknown alias ${s}`)
      return anchors.get(s.slice(1)) as Yaml
    }
    if (s.startsWith('[') || s.startsWith('"')) return JSON.parse(s) as Yaml
    if (s.startsWith("'")) {
      if (!s.endsWith("'") || s.length < 2) throw new Error(`unclosed quote: ${s}`)
      return s.slice(1, -1).replace(/''/g, "'")
    }
    if (s === 'true' || s === 'false') return s === 'true'
    if (s === 'null' || s === '~') return null
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s)
    return s
  }
  const isItem = (t: string) => t === '-' || t.startsWith('- ')
  const block = (indent: number): Yaml => (isItem(lines[i].text) ? list(indent) : map(indent))
  const list = (indent: number): Yaml[] => {
    const out: Yaml[] = []
    while (i < lines.length && lines[i].indent === indent && isItem(lines[i].text)) {
      const rest = lines[i].text.slice(2)
      if (/^[^'"[{*][^:]*:(\s|$)/.test(rest)) {
        lines[i] = { ...lines[i], indent: indent + 2, text: rest }
        out.push(map(indent + 2))
      } else {
        i++
        out.push(scalar(rest))
      }
    }
    return out
  }
  const map = (indent: number): { [key: string]: Yaml } => {
    const out: { [key: string]: Yaml } = {}
    while (i < lines.length && lines[i].indent === indent && !isItem(lines[i].text)) {
      const line = lines[i]
      const m = /^([^:]+?):(?:\s+(.*))?$/.exec(line.text)
      if (!m) throw new Error(`line ${line.n}: not "key: value": ${line.text}`)
      i++
      const key = m[1]
      let rest = m[2]?.trim() ?? ''
      let anchor: string | undefined
      if (rest.startsWith('&')) {
        anchor = rest.split(/\s+/)[0].slice(1)
        rest = rest.slice(anchor.length + 1).trim()
      }
      let value: Yaml
      if (rest !== '') value = scalar(rest)
      else if (i < lines.length && lines[i].indent > indent) value = block(lines[i].indent)
      else if (i < lines.length && lines[i].indent === indent && isItem(lines[i].text)) value = list(indent)
      else value = null
      if (anchor) anchors.set(anchor, value)
      if (key === '<<') Object.assign(out, value)
      else {
        if (key in out) throw new Error(`line ${line.n}: duplicate key ${key}`)
        out[key] = value
      }
    }
    if (i < lines.length && lines[i].indent > indent) throw new Error(`line ${lines[i].n}: unexpected indentation`)
    return out
  }
  const doc = block(0)
  if (i < lines.length) throw new Error(`line ${lines[i].n}: unexpected ${lines[i].text}`)
  return doc
}

type Service = {
  build?: { context: string; target: string }
  image?: string
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
  volumes?: string[]
  ports?: string[]
}

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as { services: Record<string, Service> }
  const { services } = compose

  it('is PostgreSQL, two instances of the app stage checked on /readyz, and a proxy in front of both', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'db', 'proxy'])
    expect(services.db.image).toMatch(/^postgres:\d+/)
    for (const name of ['app1', 'app2']) {
      const app = services[name]
      expect(app.build).toEqual({ context: '.', target: 'app' })
      expect(app.environment?.NODE_ENV).toBe('production')
      expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/lobbykit:.*@db:5432\/lobbykit$/)
      expect(app.environment?.PAYMENT_PROVIDER).toMatch(/\$\{PAYMENT_PROVIDER:\?/)
      expect(app.healthcheck?.test.join(' ')).toContain('/readyz')
      expect(app.depends_on?.db.condition).toBe('service_healthy')
    }
    expect(services.proxy.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } })
  })

  it("the proxy's configuration exists and sends to both instances, SSE unbuffered, metrics kept inside", () => {
    const mount = services.proxy.volumes?.[0] ?? ''
    const file = mount.split(':')[0]
    expect(existsSync(join(root, file))).toBe(true)
    const conf = read(file)
    expect(conf).toContain('server app1:4321')
    expect(conf).toContain('server app2:4321')
    expect(conf).toContain('proxy_buffering off')
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/)
    // The instances trust the proxy's forwarded address and nothing else.
    expect(services.app1.environment?.TRUSTED_PROXIES).toBe(
      (compose as unknown as { services: { proxy: { networks: { lobbykit: { ipv4_address: string } } } } }).services.proxy.networks.lobbykit.ipv4_address,
    )
  })

  it('the reader refuses what is not well-formed YAML', () => {
    expect(() => parseYaml('a:\n  b: 1\n   c: 2\n')).toThrow(/indentation/)
    expect(() => parseYaml('a: "open\n')).toThrow(/quote/)
    expect(() => parseYaml('a: 1\na: 2\n')).toThrow(/duplicate/)
    expect(parseYaml('x: &x\n  k: v\ny:\n  <<: *x\n  l: [1, "b"]\n')).toEqual({ x: { k: 'v' }, y: { k: 'v', l: [1, 'b'] } })
  })
})

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  const stages = lines.filter((l) => l.startsWith('FROM ')).map((l) => /\bAS (\S+)$/i.exec(l)?.[1])
  const lastStage = lines.slice(lines.findLastIndex((l) => l.startsWith('FROM ')))

  it('builds in stages (deps, build, app) and the last, the app, runs `npm run serve` as a user that is not root', () => {
    expect(stages).toEqual(['deps', 'build', 'app'])
    const user = lastStage.find((l) => l.startsWith('USER '))
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^USER (root|0)\b/)
    expect(lastStage.findIndex((l) => l.startsWith('USER '))).toBeLessThan(lastStage.findIndex((l) => l.startsWith('CMD ')))
    expect(lastStage.find((l) => l.startsWith('CMD '))).toBe('CMD ["npm", "run", "serve"]')
    expect(lastStage.find((l) => l.startsWith('ENV '))).toMatch(/\bNODE_ENV=production\b/)
    expect(JSON.parse(read('package.json')).scripts.serve).toBe('node sandbox/main.ts --serve')
  })

  it('copies only files that exist (or that its build stage makes)', () => {
    const madeByBuild = new Set(['dist', 'node_modules'])
    const copies = lines.filter((l) => l.startsWith('COPY '))
    expect(copies.length).toBeGreaterThan(3)
    for (const copy of copies) {
      const parts = copy.split(/\s+/).slice(1)
      const from = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length)
      const sources = parts.filter((p) => !p.startsWith('--')).slice(0, -1)
      for (const source of sources) {
        const path = from ? source.replace(/^\/app\/?/, '') : source
        if (from) expect(stages).toContain(from)
        const exists = path === '.' || existsSync(join(root, path)) || (from !== undefined && madeByBuild.has(path))
        expect(exists, `${copy}: ${path}`).toBe(true)
      }
    }
  })
})
