import { useState, type FormEvent, type ReactNode } from 'react'
import { useT } from '../ui/index.ts'
import { Field } from '../ui/Field.tsx'

/** The member filter of the row reports (a username of the team, exact), with the report's other filters beside it. */
export function MemberFilter({ member, onApply, children }: { member?: string; onApply: (member: string) => void; children?: ReactNode }) {
  const t = useT()
  const [term, setTerm] = useState(member ?? '')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onApply(term.trim())
  }
  return (
    <form className="lk-money__filters" role="search" aria-label={t('agent_filters')} onSubmit={submit}>
      <Field labelKey="agent_member_filter" type="search" autoCapitalize="none" spellCheck={false} maxLength={32} value={term} onChange={(e) => setTerm(e.target.value)} />
      {children}
      <button type="submit" className="lk-button lk-button--primary">
        {t('agent_apply')}
      </button>
    </form>
  )
}
