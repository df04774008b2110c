import { describe, expect, it } from 'vitest'
import { aboutTheEmbed, changesetText, codeSpans, embedChangelog, releasedVersions } from './changelog.ts'

describe('the /partners changelog', () => {
  it('reads a changeset’s sentence and the released versions of a CHANGELOG.md', () => {
    expect(changesetText('---\n"lobbykit": patch\n---\n\nFixes `lk-register` on a\ndefault install.\n')).toBe('Fixes `lk-register` on a default install.')
    expect(releasedVersions('# lobbykit\n\n## 0.2.0\n\n### Minor Changes\n\n- abc123: Adds `lk-lottery`.\n- Adds the wallet.\n\n## 0.1.0\n\n- Adds `lk-games`.\n')).toEqual([
      { version: '0.2.0', entries: ['Adds `lk-lottery`.', 'Adds the wallet.'] },
      { version: '0.1.0', entries: ['Adds `lk-games`.'] },
    ])
  })

  it('keeps what concerns partners who embed, and the changesets of this project', () => {
    expect(aboutTheEmbed('wallet.md', 'Adds the wallet.')).toBe(false)
    expect(aboutTheEmbed('x.md', 'Fixes `lk-games` paging.')).toBe(true)
    expect(aboutTheEmbed('embed-cors.md', 'Answers CORS.')).toBe(true)
    const [next] = embedChangelog()
    expect(next.version).toBeNull()
    expect(next.entries.length).toBeGreaterThan(5)
    expect(next.entries.every((e) => !e.startsWith('---'))).toBe(true)
  })

  it('renders code spans as code, without their backticks', () => {
    expect(codeSpans('Takes `page-size` (`1`–`100`).')).toEqual([
      { code: false, text: 'Takes ' },
      { code: true, text: 'page-size' },
      { code: false, text: ' (' },
      { code: true, text: '1' },
      { code: false, text: '–' },
      { code: true, text: '100' },
      { code: false, text: ').' },
    ])
  })
})
