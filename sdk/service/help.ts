/**
 * The platform's help-centre entries (`/wps/system/helpCenter`) in the page's language, and a search
 * over their titles and text.
 * @module
 */
import { atom, computed } from 'nanostores'
import * as core from '../contract/routes/core/help.ts'
import type { HelpEntry } from '../contract/service.ts'
import { htmlToText } from '../html/index.ts'
import { $locale } from '../i18n/index.ts'
import { roomApi } from '../runtime/index.ts'
import { createFetcherStore } from '../stores/query.ts'

const api = roomApi({ helpCenter: core.helpCenter })

/** The entries in the current language (asked again when it changes). */
export const $helpEntries = createFetcherStore<HelpEntry[]>(['helpCenter', $locale], () => api('helpCenter'))

/** What the visitor searches for. */
export const $helpQuery = atom('')

/** Sets the search. */
export const searchHelp = (query: string): void => $helpQuery.set(query)

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The entries matching every word of the search (accents and case ignored), all of them without one. */
export const $helpResults = computed([$helpEntries, $helpQuery], (entries, query) => {
  const words = fold(query).split(/\s+/).filter(Boolean)
  const list = entries.data ?? []
  if (words.length === 0) return list
  return list.filter((e) => {
    const text = fold(`${e.title} ${htmlToText(e.content)}`)
    return words.every((w) => text.includes(w))
  })
})
