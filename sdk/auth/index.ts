/**
 * Account flows as stores and actions (SPEC §2, §4, §5, §8): the account popups, login (password, SMS,
 * third party, free play), registration, forgotten and forced password change, sign-out, the captcha,
 * slide-to-verify and SMS countdown timers, remember-me (username only) and the after-login flag.
 * Each form is a store (sdk/form: values, errors as message keys, busy, result); flows never throw:
 * they resolve the one result type, `{ data } | { error }`.
 *
 * Islands of every page's first load import `./modal.ts` (the popup store) instead: this entry brings
 * every flow, which loads with the popups and the account pages.
 * @module
 */
export {
  $authModal,
  $authOrigin,
  $changePasswordMode,
  $knownPassword,
  openAuth,
  noteAuthOrigin,
  closeAuth,
  openForcedChange,
  forgetPassword,
  type AuthModal,
  type AuthOrigin,
} from './modal.ts'
export { $afterLogin, markAfterLogin, holdFirstLogin, consumeAfterLogin, type AfterLogin } from './after.ts'
export { createCaptcha, type Captcha, type CaptchaStore } from './captcha.ts'
export {
  $sliderPrompt,
  $sliderError,
  verifySlider,
  answerSlider,
  recordSample,
  thinPath,
  type SliderAnswer,
  type SliderChallenge,
  type SliderSample,
} from './slider.ts'
export { createCountdown, createThrottle, smsCountdownSeconds, type Countdown } from '../stores/timers.ts'
export { createSmsSender, mobileDigitsErrors, phoneOf, smsStep, SmsTargetRequest, type SmsSender, type SmsTarget, type SmsPurpose } from './sms.ts'
export { rememberedUser, rememberUser, rememberCookie, rememberSeconds } from './remember.ts'
export { navigate, setNavigator, type Navigator } from './navigate.ts'
export { requestIdToken, idpUrl, type IdpProvider, type IdpResult } from './idp.ts'
export { $registerPolicy, $registerRules, $ruleSet, $countries, loadRegisterPolicy, loadRegisterRules, loadCountries, initialCountry } from './settings.ts'
export { $refusal, reportRefusal, refusalMessage, secondStepOf, createAuthForm, type Refusal, type SecondStep } from './refusal.ts'
export { createLoginForm, type LoginForm, type LoginMethod, type LoginValues } from './login-form.ts'
export {
  loginCaptcha,
  $loginCaptchaNeeded,
  loginWithPassword,
  loginWithPhonePassword,
  loginWithSms,
  loginWithProvider,
  mustChangePassword,
  freePlay,
  freePlayEnabled,
  confirmSignOut,
  signOutNow,
  idpErrorKeys,
  canWithdrawAfterRefusal,
  withdrawAfterRefusal,
  confirmTermsAndSignIn,
  canReuseTermsProof,
  isTermsRefusal,
  type PasswordLogin,
  type PhonePasswordLogin,
  type SmsLogin,
  type LoginOptions,
} from './login.ts'
export {
  createRegisterForm,
  registerKinds,
  registerKindOf,
  registrationAsks,
  termsTicked,
  checkAddressAffiliate,
  $addressAffiliate,
  type RegisterKind,
  type RegisterForm,
  type RegisterValues,
} from './register.ts'
export {
  changePassword,
  createChangePasswordForm,
  createForgotEmailForm,
  createPhoneResetForm,
  needsOldPassword,
  oldPasswordErrors,
  forgotMethods,
  resetByPhone,
  type ChangePasswordForm,
} from './password.ts'
export { $resetToken, resetTokenOf, leaveResetLink, createResetLinkForm, deadLinkKeys } from './reset-link.ts'
export {
  $loginMenu,
  loadLoginMenu,
  buildLoginMenu,
  vendorTarget,
  openLoginWindow,
  loginWindowFeatures,
  type LoginMenuCategory,
  type LoginMenuVendor,
  type VendorTarget,
} from './menu.ts'
