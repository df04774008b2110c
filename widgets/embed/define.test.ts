import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readElements } from '../../scripts/embed-manifest.ts'
import { namespacesOf, observedAttributes, tags } from './define.ts'

/** The `namespaces` a module's class declares, if it does. */
const declaredNamespaces = (file: string): string[] | undefined => {
  const list = /protected (?:override )?namespaces(?:: [^=]+)? = \[([^\]]*)\]/.exec(readFileSync(new URL(file, import.meta.url), 'utf8'))?.[1]
  return list?.split(',').map((name) => name.trim().replace(/^'|'$/g, ''))
}

describe("the loader's stand-ins", () => {
  it('observe exactly the attributes each element documents (custom-elements.json), so none is missed before or after the upgrade', () => {
    const elements = readElements()
    expect(elements.map((e) => e.tagName).sort()).toEqual([...tags].sort())
    for (const element of elements) {
      const tag = element.tagName as (typeof tags)[number]
      expect([...observedAttributes[tag]].sort(), tag).toEqual(element.attributes.map((a) => a.name).sort())
    }
  })

  it('ask for the texts each element shows (its namespaces), so the element finds them loaded when its code runs', () => {
    for (const tag of tags) {
      const source = `./${tag.slice(3)}.element.ts`
      const own = declaredNamespaces(source)
      const base = /extends FrameElement\b/.test(readFileSync(new URL(source, import.meta.url), 'utf8')) ? './frame-host.ts' : './element.ts'
      expect([...namespacesOf[tag]], tag).toEqual(own ?? declaredNamespaces(base))
    }
  })
})
