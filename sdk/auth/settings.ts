import { atom, computed, onMount } from 'nanostores'
import type { Country, RegisterRule } from '../contract/index.ts'
import { authApi } from './api.ts'
import { $location } from '../stores/index.ts'
import { loadInto, type Loadable } from '../stores/loadable.ts'
import { ruleSet, type RuleSet } from '../validation/index.ts'

/** The registration field rules from `/wps/system/setting/register`, loaded on first use. */
export const $registerRules = atom<Loadable<RegisterRule[]>>({ loading: false })
/** The rules indexed by field. */
export const $ruleSet = computed($registerRules, (rules): RuleSet => ruleSet(rules.data ?? []))

/** Loads (or reloads after an error) the registration rules. */
export const loadRegisterRules = (): Promise<Loadable<RegisterRule[]>> => loadInto($registerRules, () => authApi('registerSettings'))

onMount($registerRules, () => {
  if (!$registerRules.get().data) void loadRegisterRules()
})

/** Countries of the dialing-code picker, loaded on first use. */
export const $countries = atom<Loadable<Country[]>>({ loading: false })

/** Loads (or reloads after an error) the country list. */
export const loadCountries = (): Promise<Loadable<Country[]>> => loadInto($countries, () => authApi('countries'))

onMount($countries, () => {
  if (!$countries.get().data) void loadCountries()
})

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
