import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatRow, logicLimit, measureSource, measureWidgets } from './component-logic.ts'

// The lines-of-logic measure on small components whose count is known, then the widgets held to
// the limit (#25: decisions live in stores, components bind and draw).

const measure = (text: string) => Object.fromEntries(measureSource('x.tsx', text).map((c) => [c.name, c.logic]))

describe('measureSource', () => {
  it('counts the code lines of a body outside the JSX it returns, leaving out blanks, comments and braces', () => {
    const text = `
export function Card({ id }: { id: string }) {
  // a comment line
  const [open, setOpen] = useState(false)

  /* a block
     comment */
  const toggle = () => {
    setOpen(!open)
  }
  if (!id) return <p>none</p>
  if (id === 'x') return null
  return (
    <div onClick={() => {
      toggle()
    }}>
      {open ? <b>{id}</b> : null}
    </div>
  )
}`
    // useState, toggle's three lines, the two ifs.
    expect(measure(text)).toEqual({ Card: 6 })
  })

  it('finds arrow components, wrapped ones, and counts JSX kept aside or drawn by a nested function as logic', () => {
    const text = `
const Plain = () => <i />
const Wrapped = memo(function Inner({ a }: { a: number }) {
  const icon = (
    <svg />
  )
  return <span>{icon}{a}</span>
})
export const Ref = forwardRef<HTMLDivElement, object>((props, ref) => {
  const row = (n: number) => {
    return <li>{n}</li>
  }
  return <div ref={ref}>{[1].map(row)}</div>
})
const NotAComponent = () => 1
function lowerCase() {
  return <div />
}`
    expect(measure(text)).toEqual({ Plain: 0, Wrapped: 3, Ref: 3 })
  })

  it('measures a component declared inside another on its own, and leaves it out of the outer one', () => {
    const text = `
function Outer() {
  const a = 1
  function Inner() {
    const b = 2
    const c = 3
    return <p>{b + c}</p>
  }
  return <Inner />
}`
    expect(measure(text)).toEqual({ Outer: 1, Inner: 2 })
  })

  it('reports a component one line over the limit', () => {
    const lines = Array.from({ length: logicLimit + 1 }, (_, i) => `  const v${i} = ${i}`)
    const [big] = measureSource('widgets/big/Big.tsx', `export function Big() {\n${lines.join('\n')}\n  return <p />\n}\n`)
    expect(big).toEqual({ file: 'widgets/big/Big.tsx', name: 'Big', line: 1, logic: logicLimit + 1 })
    expect(formatRow(big)).toBe(`  ${logicLimit + 1}  widgets/big/Big.tsx:1  Big`)
  })
})

describe('the widgets', () => {
  it(`hold no component above ${logicLimit} lines of logic`, () => {
    const all = measureWidgets(fileURLToPath(new URL('..', import.meta.url)))
    // The measure found the tree's components (a broken walk would pass with none).
    expect(all.length).toBeGreaterThan(100)
    expect(all.filter((c) => c.logic > logicLimit).map(formatRow)).toEqual([])
  })
})
