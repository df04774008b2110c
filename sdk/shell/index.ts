/**
 * Stores and actions of the site shell: nav menus, announcements and banners, notice modal and popup,
 * phone menu drawer, jackpot ticker, customer service, language switch, the start-up status gate and the access rule.
 * @module
 */
export { $navMenus, navVendors, navVendorLimit, categoryHref, vendorHref } from './menus.ts'
export {
  $announcements,
  loadAnnouncements,
  $barNotices,
  $popupNotices,
  bannersOf,
  bannersIn,
  $noticeModal,
  openNotice,
  closeNotice,
  $noticePopupOpen,
  dismissNoticePopup,
} from './notices.ts'
export { $jackpot, jackpotAt, jackpotStep, jackpotStepMs } from './jackpot.ts'
export {
  $csLinks,
  csLinksOf,
  $csPrimary,
  csTarget,
  decryptCsPath,
  encryptCsPath,
  openCustomerService,
  csKeyLength,
  vipRankThreshold,
  type CsChannel,
  type CsLink,
} from './customer-service.ts'
export { switchLanguage, unprefixedPath, takeEarlyLanguagePick, languagePickAttr, languagePickKey } from './language.ts'
export { runGate, decide, $loginOnly, type GateDecision } from './gate.ts'
export { publicRoutes, isPublicRoute, routeOf, statusCacheKey } from './access.ts'
export { pages, pageHref, pageOf, type PageName, type PagePath } from './pages.ts'
export { $centre, openCentre, closeCentre, $agentEntry, agentTypes, type CentreRequest } from './centre.ts'
export { $drawerOpen, openDrawer, closeDrawer } from './drawer.ts'
export { bannerTarget, bannerAutoplayMs, type BannerTarget } from './banner.ts'
export { headScript, type HeadScriptInput } from './head.ts'
