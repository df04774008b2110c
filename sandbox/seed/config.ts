/**
 * Platform configuration of the demo brand: whitelabel switches, register field rules, countries,
 * customer service, app downloads, help centre, domain routes and the system status. All of it is
 * data in the database (table `settings` and `whitelabel`), so the admin routes can change it live.
 * @module
 */
import type { RegisterField, RegisterRule, WhitelabelFlag } from '../../sdk/contract/all.ts'
import type { Queryable } from '../db/index.ts'
import { defaultStatus, putSetting } from '../settings.ts'

/** Whitelabel tree: group modules (always on) and the switches of SPEC §3/§6 beneath them. */
export const whitelabelGroups: Record<string, readonly WhitelabelFlag[]> = {
  LOGIN3: ['PHONELOGIN3', 'MOBILEVERCODELOGIN3', 'FREEPLAY3', 'FBLOGIN3', 'GOOGLELOGIN3', 'SECONDSTEP3', 'LOGINONLY3'],
  REG3: ['DIRECTREG3', 'USERNAMEREG3', 'MOBILENUMREG3', 'MOBILENUMPASSREG3', 'REGSMS3', 'THIRDPARTYSMS3', 'COUNTRYCODE3'],
  MEMBER3: ['MANPLAYREB3', 'PWDEXPIRY3', 'PHONEVERIFY3'],
}

/** Switches that start off: they restrict the product rather than show it. */
export const flagsOffByDefault: readonly WhitelabelFlag[] = ['LOGINONLY3', 'SECONDSTEP3', 'THIRDPARTYSMS3']

const MOBILE_PATTERN = '^\\d{6,15}$'

/**
 * Register field rules. Pattern ids follow the locale keys `reg_pattern_<id>` (1 length, 2 letter
 * first, 3 email, 4 letters or digits, 5 digits, 7 no spaces, 8 yyyy-MM-dd, 10 full name, 18 letters
 * and numbers).
 */
export const registerRules: readonly RegisterRule[] = (() => {
  const rule = (field: RegisterField, enabled: boolean, required: boolean, acceptedPattern: string, patternId: number, minLength: number, maxLength: number): RegisterRule => ({
    field,
    enabled,
    required,
    acceptedPattern,
    patternId,
    minLength,
    maxLength,
  })
  const rules: Record<RegisterField, RegisterRule> = {
    username: rule('username', true, true, '^[A-Za-z][A-Za-z0-9]{1,14}$', 2, 2, 15),
    password: rule('password', true, true, '^(?=\\S*[A-Za-z])(?=\\S*\\d)\\S{6,20}$', 18, 6, 20),
    confirmPassword: rule('confirmPassword', true, true, '*', 1, 6, 20),
    // Required only in mobile mode; the registration route decides that from the switches.
    mobileNum: rule('mobileNum', true, false, MOBILE_PATTERN, 5, 6, 15),
    email: rule('email', true, false, '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$', 3, 5, 255),
    // Off: the registration's one human check is then the slider (sdk/contract registrationCheck); an
    // operator who turns it on gets the captcha instead of the slider, never both.
    captcha: rule('captcha', false, true, '^[A-Za-z0-9]{4,6}$', 4, 4, 6),
    // SPEC §3: the verification code reuses the mobile pattern, with bounds 0–255.
    verificationCode: rule('verificationCode', true, false, MOBILE_PATTERN, 5, 0, 255),
    affiliateCode: rule('affiliateCode', true, false, '^[A-Za-z0-9]{4,64}$', 4, 4, 64),
    payeeName: rule('payeeName', true, false, "^[A-Za-z][A-Za-z.'-]*( [A-Za-z][A-Za-z.'-]*)+$", 10, 3, 64),
    birthday: rule('birthday', true, false, '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', 8, 10, 10),
    telegram: rule('telegram', true, false, '^@?[A-Za-z0-9_]{5,32}$', 7, 5, 33),
    whatsapp: rule('whatsapp', true, false, '^\\d{6,15}$', 5, 6, 15),
    nickname: rule('nickname', false, false, '*', 1, 2, 20),
    qqNum: rule('qqNum', false, false, '^\\d{5,12}$', 5, 5, 12),
    recommenderId: rule('recommenderId', false, false, '^[A-Za-z0-9]{2,15}$', 4, 2, 15),
    paymentPassword: rule('paymentPassword', false, false, '^\\d{6}$', 5, 6, 6),
    line: rule('line', false, false, '^\\S{3,64}$', 7, 3, 64),
    facebook: rule('facebook', false, false, '^\\S{3,128}$', 7, 3, 128),
    wechat: rule('wechat', false, false, '^[A-Za-z][A-Za-z0-9_-]{5,19}$', 7, 6, 20),
    idNumber: rule('idNumber', false, false, '^[A-Za-z0-9]{6,20}$', 4, 6, 20),
    referralCode: rule('referralCode', false, false, '^[A-Za-z0-9]{4,64}$', 4, 4, 64),
    zalo: rule('zalo', false, false, '^\\d{6,15}$', 5, 6, 15),
    address: rule('address', false, false, '*', 1, 5, 255),
    nationality: rule('nationality', false, false, '*', 1, 2, 64),
    occupation: rule('occupation', false, false, '*', 1, 2, 64),
    sourceOfIncome: rule('sourceOfIncome', false, false, '*', 1, 2, 64),
    placeOfBirth: rule('placeOfBirth', false, false, '*', 1, 2, 128),
  }
  return Object.values(rules)
})()

/** Countries offered by the dialing-code picker. */
export const countries = [
  { countryCode: 'PH', countryDialingCode: '+63', name: 'Philippines', mobileDigits: 10 },
  { countryCode: 'VN', countryDialingCode: '+84', name: 'Vietnam', mobileDigits: 9 },
  { countryCode: 'TH', countryDialingCode: '+66', name: 'Thailand', mobileDigits: 9 },
  { countryCode: 'MY', countryDialingCode: '+60', name: 'Malaysia', mobileDigits: 9 },
  { countryCode: 'ID', countryDialingCode: '+62', name: 'Indonesia', mobileDigits: 11 },
  { countryCode: 'SG', countryDialingCode: '+65', name: 'Singapore', mobileDigits: 8 },
  { countryCode: 'CN', countryDialingCode: '+86', name: 'China', mobileDigits: 11 },
  { countryCode: 'IN', countryDialingCode: '+91', name: 'India', mobileDigits: 10 },
  { countryCode: 'US', countryDialingCode: '+1', name: 'United States', mobileDigits: 10 },
  { countryCode: 'GB', countryDialingCode: '+44', name: 'United Kingdom', mobileDigits: 10 },
  { countryCode: 'MX', countryDialingCode: '+52', name: 'Mexico', mobileDigits: 10 },
  { countryCode: 'ES', countryDialingCode: '+34', name: 'Spain', mobileDigits: 9 },
  { countryCode: 'BR', countryDialingCode: '+55', name: 'Brazil', mobileDigits: 11 },
  { countryCode: 'KR', countryDialingCode: '+82', name: 'South Korea', mobileDigits: 10 },
  { countryCode: 'JP', countryDialingCode: '+81', name: 'Japan', mobileDigits: 10 },
] as const

/** Key of the type-3 customer-service path (the client reads it from the path's last 8 characters). */
export const CS_KEY = 'Lk7sQ2pX'

/** `base64(utf8(url) XOR repeated key) + key`: the type-3 path of SPEC §7. */
export function encryptCsPath(url: string, key = CS_KEY): string {
  const data = Buffer.from(url, 'utf8')
  const k = Buffer.from(key, 'utf8')
  const out = Buffer.alloc(data.length)
  for (let i = 0; i < data.length; i++) out[i] = data[i] ^ k[i % k.length]
  return out.toString('base64') + key
}

/** Inverse of {@link encryptCsPath} (what the client does). */
export function decryptCsPath(path: string): string {
  const key = Buffer.from(path.slice(-8), 'utf8')
  const data = Buffer.from(path.slice(0, -8), 'base64')
  for (let i = 0; i < data.length; i++) data[i] ^= key[i % key.length]
  return data.toString('utf8')
}

/**
 * The platform's own chat room (sandbox/service/chat.ts): the help centre page with the chat
 * open (sdk/service/launcher.ts `chatFragment`). A path on the site; an operator with another chat
 * writes its http(s) address into the `customerService` row instead (README).
 */
export const CHAT_ROOM_PATH = '/helpmc#chat'

/**
 * Customer-service lines (SPEC §3); the VIP line serves members above rank 4 (the chat room knows a VIP
 * by the session). Live chat is the type-3 entry, as on the real platform: its address travels encrypted.
 */
export const customerService = [
  { csPosition: 'LIVECHAT-1', csType: '3', path: encryptCsPath(CHAT_ROOM_PATH), label: 'Live chat' },
  { csPosition: 'WHATSAPP-1', csType: 'WHATSAPP', path: 'https://wa.me/639170000000', label: 'WhatsApp' },
  { csPosition: 'TELEGRAM-1', csType: 'TELEGRAM', path: 'https://t.me/lobbykit_support', label: 'Telegram' },
  { csPosition: 'TELEGRAM-2', csType: 'TELEGRAM', path: 'https://t.me/lobbykit_news', label: 'Telegram channel' },
  { csPosition: 'VIP-1', csType: 'VIP', path: CHAT_ROOM_PATH, label: 'VIP service' },
] as const

/** App downloads (SPEC §2 /down): links and QR images served by the sandbox. */
export const resources = [
  // Working local targets: the demo has no store apps, so their buttons open a page that says so and
  // points to the lite app, which is this site installed from its download page (README: an operator
  // sets the real store addresses here).
  { resourceType: 'IOS', url: '/sandbox/apps/ios', qrCodeUrl: '/sandbox/qr/ios.svg', labelNameEn: 'iOS app' },
  { resourceType: 'ANDROID', url: '/sandbox/apps/android', qrCodeUrl: '/sandbox/qr/android.svg', labelNameEn: 'Android app' },
  { resourceType: 'LITE', url: '/down', qrCodeUrl: '/sandbox/qr/lite.svg', labelNameEn: 'Lite version' },
] as const

/** Help centre entries. */
export const helpCenter = [
  {
    id: 'deposit',
    title: 'How do I deposit?',
    content: '<p>Open <strong>Deposit</strong> in the member centre, choose a method and enter the amount. Your balance updates as soon as the payment arrives.</p>',
  },
  {
    id: 'withdraw',
    title: 'How do I withdraw?',
    content: '<p>Open <strong>Withdrawal</strong>, enter the amount and confirm. Your real name must match the bank account name.</p>',
  },
  { id: 'password', title: 'I forgot my password', content: '<p>Use <em>Forgot password</em> on the login popup: by email, or by mobile number when it is enabled.</p>' },
  { id: 'terms', title: 'Terms and conditions', content: '<p>Members must be 18 or older. One account per person. Bonuses are subject to wagering requirements.</p>' },
  {
    id: 'responsible',
    title: 'Responsible gaming',
    content: '<p>Set limits, take breaks, and never chase losses. Contact customer service to close your account for a while.</p>',
  },
] as const

/** Help centre entries in the other languages (the English ones above answer for a language without its own). */
export const helpCenterByLanguage = {
  es: [
    {
      id: 'deposit',
      title: '¿Cómo deposito?',
      content: '<p>Abra <strong>Depósito</strong> en el centro de miembros, elija un método e introduzca el importe. Su saldo se actualiza en cuanto llega el pago.</p>',
    },
    {
      id: 'withdraw',
      title: '¿Cómo retiro?',
      content: '<p>Abra <strong>Retiro</strong>, introduzca el importe y confirme. Su nombre real debe coincidir con el de la cuenta bancaria.</p>',
    },
    { id: 'password', title: 'Olvidé mi contraseña', content: '<p>Use <em>¿Olvidó su contraseña?</em> en la ventana de acceso: por correo, o por móvil cuando esté activado.</p>' },
    {
      id: 'terms',
      title: 'Términos y condiciones',
      content: '<p>Los miembros deben tener 18 años o más. Una cuenta por persona. Los bonos están sujetos a requisitos de apuesta.</p>',
    },
    {
      id: 'responsible',
      title: 'Juego responsable',
      content: '<p>Fije límites, tome descansos y no persiga las pérdidas. Contacte con atención al cliente para cerrar su cuenta por un tiempo.</p>',
    },
  ],
} as const

/** Domain routes for the speed test, per device (0 web, 3 app). */
// Each probe is a sandbox route that answers after its own delay (sandbox/service/speed.ts), so the
// speed test shows a real spread: www4 answers after the client's time-out.
export const domainRoutes = [
  { domainName: 'www1.lobbykit.example', device: 0, probe: '/sandbox/route/www1.lobbykit.example' },
  { domainName: 'www2.lobbykit.example', device: 0, probe: '/sandbox/route/www2.lobbykit.example' },
  { domainName: 'www3.lobbykit.example', device: 0, probe: '/sandbox/route/www3.lobbykit.example' },
  { domainName: 'www4.lobbykit.example', device: 0, probe: '/sandbox/route/www4.lobbykit.example' },
  { domainName: 'app1.lobbykit.example', device: 3, probe: '/sandbox/route/app1.lobbykit.example' },
  { domainName: 'app2.lobbykit.example', device: 3, probe: '/sandbox/route/app2.lobbykit.example' },
] as const

/** Brand of the demo platform (SPEC §1). */
export const brand = { name: 'Lobbykit', platform: 'web', device: 'WEB', lotteryType: 'SEA', currencySymbol: '₱', currency: 'PHP', timeZone: 'Asia/Manila' } as const

/**
 * The configuration of a production database: nothing that only makes sense in the demo. No analytics
 * id, no placeholder WhatsApp or Telegram lines (only the platform's own chat room), no store buttons
 * that open the demo's "no app" page, no invented domain routes; the operator writes the real ones
 * into the settings.
 */
export const productionConfig = {
  customerService: customerService.filter((line) => line.csType === '3' || line.csType === 'VIP'),
  resources: resources.filter((r) => r.resourceType === 'LITE'),
  domainRoutes: [],
  analytics: { gtagId: '' },
} as const

/**
 * Writes the whole configuration (idempotent: rewrites values, keeps switched flags as they are).
 * @param opts `demo` false (production): {@link productionConfig} instead of the demo's lines, ids and routes
 */
export async function seedConfig(q: Queryable, opts: { demo?: boolean } = {}): Promise<void> {
  let position = 0
  for (const [group, flags] of Object.entries(whitelabelGroups)) {
    await q.query('INSERT INTO whitelabel (mod_id, parent_id, position, enabled) VALUES ($1, NULL, $2, true) ON CONFLICT (mod_id) DO NOTHING', [group, position++])
    for (const flag of flags) {
      await q.query('INSERT INTO whitelabel (mod_id, parent_id, position, enabled) VALUES ($1, $2, $3, $4) ON CONFLICT (mod_id) DO NOTHING', [
        flag,
        group,
        position++,
        !flagsOffByDefault.includes(flag),
      ])
    }
  }
  const values: Record<string, unknown> = {
    brand,
    registerRules,
    countries,
    customerService,
    resources,
    helpCenter,
    helpCenterByLanguage,
    domainRoutes,
    analytics: { gtagId: 'G-LOBBYKIT01' },
    cdn: { imageCDNs: ['/sandbox/cdn1', '/sandbox/cdn2'], launchGameCDNs: ['/sandbox/cdn1', '/sandbox/cdn2'] },
    ...(opts.demo === false && productionConfig),
    merchantWallet: { isSingle: false },
    consolidated: {
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreqtype: 1,
      contracthoursalreq: 1,
      realtimesalreqtype: 1,
      contractmrdailysalinfotype: 1,
      contracthoursalinfo: 1,
      dailysalinfotype: 1,
      realtimesalinfotype: 1,
      divtypeinfo: 1,
    },
  }
  for (const [key, value] of Object.entries(values)) await putSetting(q, key, value)
  await q.query("INSERT INTO settings (key, value) VALUES ('status', $1::jsonb) ON CONFLICT (key) DO NOTHING", [JSON.stringify(defaultStatus)])
}
