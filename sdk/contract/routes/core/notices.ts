import * as ntc from '../../notices.ts'
import { e } from '../../route.ts'

/** Notices and banners, read by the islands that start when the page is idle (sdk/shell/notices.ts). */
export const announcements = e({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', token: 'optional', cache: 'notice', response: ntc.AnnouncementsSchema })
