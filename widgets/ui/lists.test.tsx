import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LoadStates, type RemoteState } from './LoadStates.tsx'
import { Table } from './Table.tsx'

// Without loaded messages the translator answers with the key, so the markup names the keys it shows.

const rows = (state: RemoteState<string[]>) =>
  renderToStaticMarkup(
    <LoadStates state={state} onRetry={() => {}} rows={2} height={30} empty={(list) => list.length === 0} emptyKey="nothing_here">
      {(list) => (
        <ul>
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </LoadStates>,
  )

describe('LoadStates', () => {
  it('shows the skeleton until data first arrives', () => {
    const html = rows({ loading: true })
    expect(html).toContain('aria-busy="true"')
    expect(html.match(/class="lk-skeleton"/g)).toHaveLength(2)
    expect(html).toContain('height:30px')
  })

  it('shows the error with a retry once no load runs, a refused period first', () => {
    expect(rows({ error: { messageKey: 'err_network_error' }, loading: false })).toMatch(/role="alert"><p>err_network_error<\/p><button[^>]*>retry<\/button>/)
    expect(rows({ error: { messageKey: 'err_validation_failed', fields: { from: 'money_range_too_long' } } })).toContain('<p>money_range_too_long</p>')
  })

  it('keeps the skeleton, not the old error, while a retry loads', () => {
    const html = rows({ error: { messageKey: 'err_network_error' }, loading: true })
    expect(html).not.toContain('err_network_error')
    expect(html).toContain('lk-skeleton')
  })

  it('shows the empty message for empty data, else the data', () => {
    expect(rows({ data: [], loading: false })).toBe('<p class="lk-empty-state">nothing_here</p>')
    expect(rows({ data: ['a', 'b'], loading: false })).toBe('<ul><li>a</li><li>b</li></ul>')
  })

  it('keeps the data on screen while a new filter loads', () => {
    expect(rows({ data: ['a'], loading: true })).toBe('<ul><li>a</li></ul>')
  })
})

describe('Table', () => {
  it('writes the heads as column headers, a hidden one for screen readers only, and the rows as its body', () => {
    const html = renderToStaticMarkup(
      <Table className="lk-x__table" caption="Routes" heads={['col_name', { key: 'col_sum', className: 'is-num' }, { key: 'col_action', hidden: true }]}>
        <tr>
          <td>one</td>
        </tr>
      </Table>,
    )
    expect(html).toBe(
      '<table class="lk-x__table"><caption>Routes</caption><thead><tr>' +
        '<th scope="col">col_name</th><th scope="col" class="is-num">col_sum</th>' +
        '<th scope="col"><span class="lk-visually-hidden">col_action</span></th>' +
        '</tr></thead><tbody><tr><td>one</td></tr></tbody></table>',
    )
  })
})
