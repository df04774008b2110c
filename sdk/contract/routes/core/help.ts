import * as v from 'valibot'
import { Empty } from '../../common.ts'
import * as svc from '../../service.ts'
import { e } from '../../route.ts'

/*
 * Core routes of SPEC §7 that customer service's code calls: the help centre, the domain routes of
 * the speed test, and feedback.
 */
export const domainRoute = e({ method: 'GET', path: '/wps/system/domainRoute', token: false, cache: 'routers', response: v.array(svc.DomainRouteSchema) })
export const helpCenter = e({ method: 'GET', path: '/wps/system/helpCenter', token: false, response: v.array(svc.HelpEntrySchema) })
export const feedback = e({ method: 'PUT', path: '/wps/feedback', token: 'optional', response: Empty })
