import { beforeAll, describe, expect, it } from 'vitest'
import { loadNamespaces } from '../../sdk/i18n/index.ts'
import { refusalDetail } from './refusal.ts'

describe('refusalDetail', () => {
  beforeAll(async () => {
    await loadNamespaces(['common', 'auth'])
  })

  it("keeps a platform refusal's code and says its message in the frame's language", () => {
    expect(refusalDetail({ messageKey: 'err_validation_failed', fields: {} })).toEqual({ code: 'validation_failed', message: 'Some fields need your attention.' })
  })

  it('names each field and its problem when the form refused before any call', () => {
    const detail = refusalDetail({ fields: { mobileNum: { key: 'required' }, password: { key: 'required' } } })
    expect(detail.code).toBe('invalid_fields')
    expect(detail.message).toMatch(/^Mobile number: .+; Password: .+$/)
    expect(detail.message).not.toContain('auth_field_')
  })
})
