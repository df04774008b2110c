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
 * member, amount and status before and after (translate the `from`/`to` keys), a reward's member,
 * item and status, a member's standing
 * and the reason, a note, an operator's role or state, a chat answer, or the switch's state.
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
  if (entry.action.startsWith('reward.')) {
    const reason = typeof after.reason === 'string' && after.reason ? after.reason : ''
    const status = (s: unknown) => t(`admin_reward_status_${typeof s === 'string' ? s : 'pending'}`)
    return {
      action,
      change: {
        key: reason ? 'admin_audit_reward_reason' : 'admin_audit_reward',
        params: { member: String(after.member ?? ''), item: String(after.item ?? entry.target), from: status(before.status), to: status(after.status), reason },
      },
    }
  }
  if (entry.action === 'member.lock' || entry.action === 'member.unlock') {
    const standing = (status: unknown) => t(status === 'locked' ? 'admin_member_locked' : 'admin_member_active')
    return {
      action,
      change: {
        key: 'admin_audit_member_lock',
        params: { member: String(after.username ?? entry.target), from: standing(before.status), to: standing(after.status), reason: String(after.reason ?? '') },
      },
    }
  }
  if (entry.action === 'member.note') return { action, change: { key: 'admin_audit_note', params: { member: entry.target, text: String(after.text ?? '') } } }
  if (entry.action === 'operator.create') {
    return { action, change: { key: 'admin_audit_operator_create', params: { name: entry.target, role: t(`admin_role_${String(after.role)}`) } } }
  }
  if (entry.action === 'operator.role') {
    const role = (r: unknown) => t(`admin_role_${String(r)}`)
    return { action, change: { key: 'admin_audit_operator_change', params: { name: entry.target, from: role(before.role), to: role(after.role) } } }
  }
  if (entry.action === 'operator.disable' || entry.action === 'operator.enable') {
    const state = (off: unknown) => t(off === true ? 'admin_operator_disabled' : 'admin_operator_active')
    return { action, change: { key: 'admin_audit_operator_change', params: { name: entry.target, from: state(before.disabled), to: state(after.disabled) } } }
  }
  if (entry.action === 'region.set') {
    const state = (on: unknown) => t(on === true ? 'admin_on' : 'admin_off')
    return { action, change: { key: 'admin_audit_switch', params: { from: state(before.regionRestriction), to: state(after.regionRestriction) } } }
  }
  if (entry.action === 'settings.set') {
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    return { action, change: { key: 'admin_audit_settings', params: { fields: changed.map((k) => t(`admin_settings_field_${k}`)).join(', ') } } }
  }
  if (entry.action === 'service.reply') {
    const message = record(after.message)
    return { action, change: { key: 'admin_audit_service_reply', params: { member: String(after.conversation ?? entry.target), text: String(message.body ?? '') } } }
  }
  if (entry.action === 'maintenance.set') {
    const state = (on: unknown) => t(on === true ? 'admin_on' : 'admin_off')
    return { action, change: { key: 'admin_audit_switch', params: { from: state(before.maintenance), to: state(after.maintenance) } } }
  }
  return { action, change: null }
}
