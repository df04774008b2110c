import { describe, expect, it } from 'vitest'
import { readElements } from '../../scripts/embed-manifest.ts'
import { observedAttributes, tags } from './define.ts'

describe("the loader's stand-ins", () => {
  it('observe exactly the attributes each element documents (custom-elements.json), so none is missed before or after the upgrade', () => {
    const elements = readElements()
    expect(elements.map((e) => e.tagName).sort()).toEqual([...tags].sort())
    for (const element of elements) {
      const tag = element.tagName as (typeof tags)[number]
      expect([...observedAttributes[tag]].sort(), tag).toEqual(element.attributes.map((a) => a.name).sort())
    }
  })
})
