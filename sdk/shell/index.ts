/**
 * Stores and actions of the site shell: nav menus, announcements and banners, notice modal and popup,
 * phone menu drawer, jackpot ticker, customer service, language switch.
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
  $noticePopupList,
  seenNoticesKey,
  barNoticesOf,
  dismissNoticePopup,
  noticePopupMayShow,
  noticePopupShown,
  withdrawNoticePopup,
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
export { switchLanguage, unprefixedPath, takeEarlyLanguagePick, languageOfChange, languagePickAttr, languagePickKey } from './language.ts'
export { $drawerOpen, openDrawer, closeDrawer } from './drawer.ts'
export { bannerTarget, bannerAutoplayMs, type BannerTarget } from './banner.ts'
