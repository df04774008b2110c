/**
 * The signed-in member's avatar (SPEC: the platform's MCSFE_getPlayerAvatar), asked once per session
 * by whoever shows it (My account); empty while signed out. Kept out of the stores every island loads:
 * only the page that shows the avatar carries its route.
 * @module
 */
import { roomApi } from '../runtime/index.ts'
import * as core from '../contract/routes/core/site.ts'
import { createSessionStore, untilAsked } from './query.ts'

const api = roomApi({ avatar: core.avatar })

/** The avatar's image address (the platform's; an image or a data URL). */
export const $avatar = createSessionStore<{ url: string }>('avatar', () => api('avatar', {}), untilAsked)

/** Up to two letters or digits of `name`, upper-cased: what stands in for the image until it loads. */
export const initialsOf = (name: string): string => (name.match(/[\p{L}\p{N}]/gu) ?? ['?']).slice(0, 2).join('').toLocaleUpperCase()
