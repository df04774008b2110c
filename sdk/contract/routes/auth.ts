import * as v from 'valibot'
import { Empty } from '../common.ts'
import { RegisterPolicySchema } from '../age.ts'
import * as reg from '../registration.ts'
import * as ses from '../session.ts'
import * as rep from '../account-replies.ts'
import { e, type Route } from '../route.ts'

/**
 * The sign-in room's calls: registration and its settings, captcha and slider, SMS codes, free play and
 * password resets. They load with the login and register forms, which every page opens on demand.
 */
export const authRoutes = {
  registerSettings: e({ method: 'GET', path: '/wps/system/setting/register', token: false, cache: 'settings', response: v.array(reg.RegisterRuleSchema) }),
  countries: e({ method: 'GET', path: '/wps/system/countries', token: false, response: v.array(reg.CountrySchema) }),
  captcha: e({ method: 'GET', path: '/wps/captcha', token: false, response: reg.CaptchaSchema }),
  slider: e({ method: 'GET', path: '/wps/verification/slider', token: false, response: reg.SliderChallengeSchema }),
  loginFreeplay: e({ method: 'POST', path: '/wps/session/login/freeplay', token: false, encrypt: true, response: ses.LoginValue }),
  smsLogin: e({ method: 'POST', path: '/wps/verification/sms/noLogin', token: false, response: ses.SmsSendValue }),
  smsRegister: e({ method: 'POST', path: '/wps/verification/sms/register', token: false, response: ses.SmsSendValue }),
  register: e({ method: 'PUT', path: '/wps/member/register', token: false, encrypt: true, response: ses.LoginValue }),
  registerMobile: e({ method: 'PUT', path: '/wps/member/register/mobile', token: false, encrypt: true, response: ses.LoginValue }),
  changePassword: e({ method: 'POST', path: '/wps/member/password', token: true, encrypt: true, response: Empty }),
  forgotEmail: e({ method: 'POST', path: '/wps/member/password/email', token: false, form: true, response: Empty }),
  /** Sets a new password with the single-use token of an emailed reset link (SPEC names no path; platform style). */
  resetByLink: e({ method: 'POST', path: '/wps/member/password/email/reset', token: false, encrypt: true, response: Empty }),
  resetByPhone: e({ method: 'POST', path: '/wps/member/password/verification', token: false, encrypt: true, response: rep.PhoneResetValue }),
  affiliate: e({ method: 'GET', path: '/wps/agent/affiliate', token: false, response: rep.AffiliateValue }),
  /** The minimum age and the terms box's default (SPEC names no path: platform style). */
  registerPolicy: e({ method: 'GET', path: '/wps/system/setting/registerPolicy', token: false, response: RegisterPolicySchema }),
} as const satisfies Record<string, Route>
