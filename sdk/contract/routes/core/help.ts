import * as v from 'valibot'
import { Empty } from '../common.ts'
import * as svc from '../service.ts'
import { e } from '../route.ts'

/*
 * Core routes of SPEC §7 that customer service's code calls (issue 31): the help centre, the domain
 * routes of the speed test and feedback. A module of their own, imported
 * directly by that code, so their reply schemas stay out of the chunk every page loads first;
 * ./core-table.ts gathers them with the rest of the core.
 */
export const domainRoute = e({ method: 'GET', path: '/wps/system/domainRoute', token: false, cache: 'routers', response: v.array(svc.DomainRouteSchema) })
export const helpCenter = e({ method: 'GET', path: '/wps/system/helpCenter', token: false, response: v.array(svc.HelpEntrySchema) })
export const feedback = e({ method: 'PUT', path: '/wps/feedback', token: 'optional', response: Empty })
