import * as v from 'valibot'

/** A locale message key (`money_err_code_format`), as opposed to valibot's default English message. */
const messageKey = /^[a-z][a-z0-9_]*$/

/** The key of a field whose schema gives no message of its own. */
export const invalidFieldKey = 'err_field_invalid'

/**
 * Field path → locale message key for a request's schema issues: the one field-error mapper, used by
 * the platform to refuse a request and by a form before it sends one, so both name a field's problem
 * alike. A schema action gives its key as its message (`v.regex(/^\d{6}$/, 'money_err_code_format')`);
 * without one the field is `err_field_invalid`. The first issue of each field wins; issues on the
 * whole body (no path) are left out.
 */
export function issueFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const path = v.getDotPath(issue)
    if (path && !(path in fields)) fields[path] = messageKey.test(issue.message) ? issue.message : invalidFieldKey
  }
  return fields
}
