/**
 * The texts of what the platform sends (SMS codes, the password sent at a mobile sign-up, reset and
 * code emails) in the language of the request that caused them. They are the platform's, not the
 * site's (a phone or a mailbox shows them, no page), so they live here rather than in `locales/`.
 * @module
 */
import type { Language } from '../../sdk/contract/all.ts'

/** Why a code goes out by SMS. */
export type SmsCodePurpose = 'login' | 'register' | 'second_step' | 'bind' | 'pay_reset'

/** What an SMS says. */
export type SmsNotice = { kind: 'code'; purpose: SmsCodePurpose; code: string; minutes: number } | { kind: 'password'; password: string }

/** What an email says. `path` is the reset link's path on the site; the message shows it after the site's address. */
export type EmailNotice = { kind: 'reset'; username: string; path: string; minutes: number } | { kind: 'code'; purpose: 'second_step' | 'bind'; code: string; minutes: number }

type Words = {
  sms: Record<SmsCodePurpose, string> & { password: string }
  reset: { subject: string; greeting: string; body: string; button: string; ignore: string }
  code: Record<'second_step' | 'bind', { subject: string; body: string }> & { ignore: string }
}

const words: Record<Language, Words> = {
  en: {
    sms: {
      login: 'Your sign-in code is {code}. It expires in {minutes} minutes. Never share it with anyone.',
      register: 'Your verification code is {code}. It expires in {minutes} minutes. Never share it with anyone.',
      second_step: 'Your code to confirm this sign-in is {code}. It expires in {minutes} minutes. If it was not you, change your password.',
      bind: 'Your code to verify this number is {code}. It expires in {minutes} minutes.',
      pay_reset: 'Your code to reset your payment password is {code}. It expires in {minutes} minutes.',
      password: 'Welcome! Your password is {password}. Change it in My account after you sign in.',
    },
    reset: {
      subject: 'Reset your password',
      greeting: 'Hello {username},',
      body: 'Open this link within {minutes} minutes to choose a new password. It works once.',
      button: 'Choose a new password',
      ignore: 'If you did not ask for it, ignore this email: your password has not changed.',
    },
    code: {
      second_step: { subject: 'Your sign-in code', body: 'Your code to confirm this sign-in is {code}. It expires in {minutes} minutes.' },
      bind: { subject: 'Your verification code', body: 'Your code to verify this address is {code}. It is valid for {minutes} minutes.' },
      ignore: 'If you did not ask for it, ignore this email and never share the code.',
    },
  },
  es: {
    sms: {
      login: 'Tu código de acceso es {code}. Caduca en {minutes} minutos. No lo compartas con nadie.',
      register: 'Tu código de verificación es {code}. Caduca en {minutes} minutos. No lo compartas con nadie.',
      second_step: 'Tu código para confirmar este inicio de sesión es {code}. Caduca en {minutes} minutos. Si no fuiste tú, cambia tu contraseña.',
      bind: 'Tu código para verificar este número es {code}. Caduca en {minutes} minutos.',
      pay_reset: 'Tu código para restablecer la contraseña de pago es {code}. Caduca en {minutes} minutos.',
      password: '¡Bienvenido! Tu contraseña es {password}. Cámbiala en Mi cuenta después de iniciar sesión.',
    },
    reset: {
      subject: 'Restablece tu contraseña',
      greeting: 'Hola, {username}:',
      body: 'Abre este enlace en los próximos {minutes} minutos para elegir una contraseña nueva. Solo funciona una vez.',
      button: 'Elegir una contraseña nueva',
      ignore: 'Si no lo pediste, ignora este correo: tu contraseña no ha cambiado.',
    },
    code: {
      second_step: { subject: 'Tu código de acceso', body: 'Tu código para confirmar este inicio de sesión es {code}. Caduca en {minutes} minutos.' },
      bind: { subject: 'Tu código de verificación', body: 'Tu código para verificar esta dirección es {code}. Es válido durante {minutes} minutos.' },
      ignore: 'Si no lo pediste, ignora este correo y no compartas el código con nadie.',
    },
  },
  cn: {
    sms: {
      login: '您的登录验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。',
      register: '您的验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。',
      second_step: '您确认本次登录的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请修改密码。',
      bind: '您验证此手机号的验证码是 {code}，{minutes} 分钟内有效。',
      pay_reset: '您重置支付密码的验证码是 {code}，{minutes} 分钟内有效。',
      password: '欢迎！您的密码是 {password}。登录后请在“我的账户”中修改。',
    },
    reset: {
      subject: '重置您的密码',
      greeting: '{username}，您好：',
      body: '请在 {minutes} 分钟内打开此链接设置新密码。链接仅可使用一次。',
      button: '设置新密码',
      ignore: '如果这不是您本人的请求，请忽略此邮件：您的密码没有改变。',
    },
    code: {
      second_step: { subject: '您的登录验证码', body: '您确认本次登录的验证码是 {code}，{minutes} 分钟内有效。' },
      bind: { subject: '您的验证码', body: '您验证此邮箱的验证码是 {code}，{minutes} 分钟内有效。' },
      ignore: '如果这不是您本人的请求，请忽略此邮件，并且不要把验证码告诉任何人。',
    },
  },
  vi: {
    sms: {
      login: 'Mã đăng nhập của bạn là {code}. Mã hết hạn sau {minutes} phút. Không chia sẻ mã với bất kỳ ai.',
      register: 'Mã xác minh của bạn là {code}. Mã hết hạn sau {minutes} phút. Không chia sẻ mã với bất kỳ ai.',
      second_step: 'Mã xác nhận lần đăng nhập này là {code}. Mã hết hạn sau {minutes} phút. Nếu không phải bạn, hãy đổi mật khẩu.',
      bind: 'Mã xác minh số điện thoại này là {code}. Mã hết hạn sau {minutes} phút.',
      pay_reset: 'Mã đặt lại mật khẩu thanh toán của bạn là {code}. Mã hết hạn sau {minutes} phút.',
      password: 'Chào mừng bạn! Mật khẩu của bạn là {password}. Hãy đổi mật khẩu trong Tài khoản của tôi sau khi đăng nhập.',
    },
    reset: {
      subject: 'Đặt lại mật khẩu của bạn',
      greeting: 'Xin chào {username},',
      body: 'Mở liên kết này trong vòng {minutes} phút để chọn mật khẩu mới. Liên kết chỉ dùng được một lần.',
      button: 'Chọn mật khẩu mới',
      ignore: 'Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn chưa thay đổi.',
    },
    code: {
      second_step: { subject: 'Mã đăng nhập của bạn', body: 'Mã xác nhận lần đăng nhập này là {code}. Mã hết hạn sau {minutes} phút.' },
      bind: { subject: 'Mã xác minh của bạn', body: 'Mã xác minh địa chỉ email này là {code}. Mã có hiệu lực trong {minutes} phút.' },
      ignore: 'Nếu bạn không yêu cầu, hãy bỏ qua email này và không chia sẻ mã với bất kỳ ai.',
    },
  },
}

const fill = (text: string, params: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''))

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The text of an SMS in `lang`. */
export function smsText(notice: SmsNotice, lang: Language): string {
  const w = words[lang].sms
  return notice.kind === 'password' ? fill(w.password, { password: notice.password }) : fill(w[notice.purpose], notice)
}

/** A rendered email: subject, plain-text body and HTML body (every value in it escaped). */
export interface RenderedEmail {
  subject: string
  text: string
  html: string
}

const page = (lang: Language, paragraphs: string[]): string =>
  `<!doctype html><html lang="${lang === 'cn' ? 'zh-CN' : lang}"><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`

/**
 * The email of `notice` in `lang`. `siteUrl` (the site's public address, no trailing slash) comes before
 * a reset link's path; empty, the path is shown alone (the dev inbox).
 */
export function renderEmail(notice: EmailNotice, lang: Language, siteUrl: string): RenderedEmail {
  const w = words[lang]
  if (notice.kind === 'reset') {
    const link = `${siteUrl}${notice.path}`
    const greeting = fill(w.reset.greeting, { username: notice.username })
    const body = fill(w.reset.body, { minutes: notice.minutes })
    return {
      subject: w.reset.subject,
      text: `${greeting}\n\n${body}\n\n${link}\n\n${w.reset.ignore}\n`,
      html: page(lang, [escapeHtml(greeting), escapeHtml(body), `<a href="${escapeHtml(link)}">${escapeHtml(w.reset.button)}</a>`, escapeHtml(link), escapeHtml(w.reset.ignore)]),
    }
  }
  const c = w.code[notice.purpose]
  const body = fill(c.body, { code: notice.code, minutes: notice.minutes })
  const htmlBody = escapeHtml(c.body)
    .replace('{code}', `<strong>${escapeHtml(notice.code)}</strong>`)
    .replace('{minutes}', String(notice.minutes))
  return { subject: c.subject, text: `${body}\n\n${w.code.ignore}\n`, html: page(lang, [htmlBody, escapeHtml(w.code.ignore)]) }
}
