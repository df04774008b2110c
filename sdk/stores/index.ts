/**
 * Nanostores used by every island: session, member, balance, platform status and flags, theme,
 * login prompt and the session lifecycle actions.
 * @module
 */
export {
  createFetcherStore,
  createSessionStore,
  ask,
  notAsked,
  untilAsked,
  type RemoteValue,
  invalidateKeys,
  revalidateKeys,
  queryFamily,
  type ShownRemote,
  remoteFreshMs,
  type Remote,
  type QueryFamily,
  type QueryFamilyOptions,
} from './query.ts'
export { $session, $token, $loggedIn, $isAgent, setSession, clearSession, type SessionState } from './session.ts'
export { $member, $isTrial, loadMember } from './member.ts'
export {
  $balance,
  $balanceHidden,
  $balanceText,
  refreshBalance,
  toggleBalanceHidden,
  balanceRefreshMs,
  balancePlaceholderKey,
  hiddenBalanceText,
} from './balance.ts'
export {
  $status,
  $systemStatus,
  $flags,
  $customerService,
  $resources,
  $location,
  loadStatus,
  flattenWhitelabel,
  pickCdn,
  imageUrl,
  keepImageUrl,
  launchUrl,
  type SystemStatus,
} from './status.ts'
export { $theme, applyThemeToPage, setTheme, toggleTheme, type Theme } from './theme.ts'
export { $loginPrompt, $loginGame, $passwordChangeRequired, openLoginPrompt, closeLoginPrompt, type LoginPromptReason } from './prompt.ts'
export { passwordChanged, signIn, signOut } from './lifecycle.ts'
