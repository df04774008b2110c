import { computed } from 'nanostores'
import type { Country, RegisterPolicy, RegisterRule } from '../contract/index.ts'
import { authApi } from './api.ts'
import { $locale } from '../i18n/index.ts'
import { $location } from '../stores/index.ts'
import { ask, createFetcherStore, type RemoteValue } from '../stores/query.ts'
import { ruleSet, type RuleSet } from '../validation/index.ts'

/** The registration field rules from `/wps/system/setting/register`, asked while something shows them. */
export const $registerRules = createFetcherStore<RegisterRule[]>(['registerRules', '|', $locale], () => authApi('registerSettings'))
/** The rules indexed by field. */
export const $ruleSet = computed($registerRules, (rules): RuleSet => ruleSet(rules.data ?? []))

/** Asks for the registration rules again (a retry after an error) and resolves with them. */
export const loadRegisterRules = (): Promise<RemoteValue<RegisterRule[]>> => ask($registerRules)

/** The registration policy (minimum age, terms box default), asked while the register form shows. */
export const $registerPolicy = createFetcherStore<RegisterPolicy>(['registerPolicy'], () => authApi('registerPolicy'))

/** Asks for the registration policy again (a retry after an error). */
export const loadRegisterPolicy = (): Promise<RemoteValue<RegisterPolicy>> => ask($registerPolicy)

/** Countries of the dialing-code picker, asked while something shows them. */
export const $countries = createFetcherStore<Country[]>(['countries', '|', $locale], () => authApi('countries'))

/** Asks for the country list again (a retry after an error) and resolves with it. */
export const loadCountries = (): Promise<RemoteValue<Country[]>> => ask($countries)

/**
 * The picker's initial country (SPEC §2): the supplied dialing code when listed, else the detected
 * country, else the first of the list.
 */
export function initialCountry(list: readonly Country[], dialingCode: string | undefined, detected = $location.get()?.countryCode): Country | undefined {
  return (
    (dialingCode ? list.find((c) => c.countryDialingCode === dialingCode) : undefined) ??
    (detected ? list.find((c) => c.countryCode.toUpperCase() === detected.toUpperCase()) : undefined) ??
    list[0]
  )
}
