/**
 * The embed's changelog on /partners, per version, from the changesets: the released versions'
 * entries from CHANGELOG.md (`## 1.2.0` sections, as `changeset version` writes them) and the
 * changesets not yet released (`.changeset/*.md`) as the next version. Only what a partner sees:
 * entries about the embed (`lk-*` elements, the loader, frames, /partners).
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One version's entries; `version` is `null` for the changesets not released yet. */
export interface ChangelogVersion {
  version: string | null
  entries: string[]
}

/** Whether a change concerns partners who embed the site. */
export const aboutTheEmbed = (file: string, text: string): boolean => /^(embed|lk-|partners)/.test(file) || /`lk-[a-z]+`|\bembed(ded|s)?\b|\/partners\b/i.test(text)

/** The sentence of a changeset file: its text after the front matter. */
export function changesetText(source: string): string {
  return source
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .trim()
    .replace(/\s+/g, ' ')
}

/** The released versions of a CHANGELOG.md, newest first as written, with their bullet entries. */
export function releasedVersions(changelog: string): ChangelogVersion[] {
  const out: ChangelogVersion[] = []
  for (const line of changelog.split('\n')) {
    const heading = /^##\s+v?(\d+\.\d+\.\d+\S*)/.exec(line)
    if (heading) out.push({ version: heading[1], entries: [] })
    else if (out.length > 0 && /^\s*[-*]\s+/.test(line)) out[out.length - 1].entries.push(line.replace(/^\s*[-*]\s+(\w+:\s+)?/, '').trim())
  }
  return out
}

/** The changelog of the project at `root`: the next version's changesets first, then the released ones. */
export function embedChangelog(root = '.'): ChangelogVersion[] {
  const dir = join(root, '.changeset')
  const pending = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .sort()
        .map((f) => ({ file: f, text: changesetText(readFileSync(join(dir, f), 'utf8')) }))
        .filter(({ file, text }) => text && aboutTheEmbed(file, text))
        .map(({ text }) => text)
    : []
  const log = join(root, 'CHANGELOG.md')
  const released = existsSync(log)
    ? releasedVersions(readFileSync(log, 'utf8'))
        .map((v) => ({ ...v, entries: v.entries.filter((e) => aboutTheEmbed('', e)) }))
        .filter((v) => v.entries.length > 0)
    : []
  return [...(pending.length > 0 ? [{ version: null, entries: pending }] : []), ...released]
}

/** A text's runs, split at Markdown code spans: `code` runs show as code, never as backticks. */
export function codeSpans(text: string): { code: boolean; text: string }[] {
  return text
    .split(/(`[^`]+`)/)
    .filter(Boolean)
    .map((part) => (part.length > 2 && part.startsWith('`') && part.endsWith('`') ? { code: true, text: part.slice(1, -1) } : { code: false, text: part }))
}
