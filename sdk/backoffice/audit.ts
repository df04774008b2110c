import type { OperatorAuditEntry } from '../contract/backoffice.ts'
import { formatMoney } from '../format/index.ts'

/** What one audit row says in words: a message key and its parameters. */
export interface AuditLine {
  key: string
  params: Record<string, string>
}

const record = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' ? (x as Record<string, unknown>) : {})
const statusKey = (status: unknown) => `admin_status_${typeof status === 'string' ? status : 'unknown'}`

/**
 * The action's label key (`admin_action_withdrawal_approve`) and its change in words: a withdrawal's
 * member, amount and status before and after (translate the `from`/`to` keys), or the switch's state.
 * @param t - translates the status and switch keys the change names
 */
export function describeAuditEntry(entry: OperatorAuditEntry, t: (key: string) => string): { action: string; change: AuditLine | null } {
  const action = `admin_action_${entry.action.replace(/[^a-z_]/gi, '_')}`
  const before = record(entry.before)
  const after = record(entry.after)
  if (entry.action.startsWith('withdrawal.')) {
    const reason = typeof after.reason === 'string' && after.reason ? after.reason : ''
    return {
      action,
      change: {
        key: reason ? 'admin_audit_withdrawal_reason' : 'admin_audit_withdrawal',
        params: {
          member: String(after.member ?? before.member ?? ''),
          amount: typeof after.amount === 'number' ? formatMoney(after.amount) : '',
          from: t(statusKey(before.status)),
          to: t(statusKey(after.status)),
          reason,
        },
      },
    }
  }
  if (entry.action === 'maintenance.set') {
    const state = (on: unknown) => t(on === true ? 'admin_on' : 'admin_off')
    return { action, change: { key: 'admin_audit_switch', params: { from: state(before.maintenance), to: state(after.maintenance) } } }
  }
  return { action, change: null }
}
