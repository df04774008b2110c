import { describe, expect, it } from 'vitest'
import { outcomeView } from './outcome.ts'

describe('a round outcome as a player reads it', () => {
  it('names the result in message keys, never the stored JSON', () => {
    expect(outcomeView('{"kind":"table","result":"banker","player":3,"banker":7}')).toEqual({
      key: 'money_outcome_table',
      params: { result: 'money_pick_banker', player: 3, banker: 7 },
      words: ['result'],
    })
    expect(outcomeView('{"kind":"slot","reels":["SEVEN","BAR","BELL"]}').params).toEqual({ r0: 'money_symbol_SEVEN', r1: 'money_symbol_BAR', r2: 'money_symbol_BELL' })
    expect(outcomeView('{"kind":"lottery","drawn":"48213","gameCode":"VN_MB","numero":"20261127"}')).toEqual({
      key: 'money_outcome_lottery',
      params: { drawn: '48213' },
      words: [],
    })
    expect(outcomeView('{"kind":"match","result":"away","home":0,"away":2}').params).toEqual({ result: 'money_pick_away', home: 0, away: 2 })
    for (const raw of ['not json', '42', '{"kind":"roulette"}', '']) expect(outcomeView(raw).key).toBe('money_outcome_unknown')
  })
})
