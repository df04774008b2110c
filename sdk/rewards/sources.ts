/**
 * Where an award or a bonus came from, as a message: the mission's name rather than its id, a
 * grouped count of converted points, and no promotion or reward id (those are the platform's, not the player's).
 * @module
 */
import { computed } from 'nanostores'
import { formatCount } from '../format/index.ts'
import { $missions } from './stores.ts'

/** A message key and its parameters. */
export interface SourceMessage {
  key: string
  params: Record<string, string>
}

/**
 * The message naming a source (`mission`, `rank`, `points`…) with its reference.
 * @param titles - mission names by id (a mission no longer listed is named generically)
 * @example sourceMessage('mission', 'M-DAILY-ROUNDS', new Map([['M-DAILY-ROUNDS', 'Play 20 rounds']])) // { key: 'rewards_source_mission', params: { ref: 'Play 20 rounds' } }
 */
export function sourceMessage(source: string, ref: string, titles: ReadonlyMap<string, string>): SourceMessage {
  if (source === 'mission') {
    const title = titles.get(ref)
    return title ? { key: 'rewards_source_mission', params: { ref: title } } : { key: 'rewards_source_mission_any', params: {} }
  }
  if (source === 'points') return { key: 'rewards_source_points', params: { ref: Number.isFinite(Number(ref)) ? formatCount(Number(ref)) : ref } }
  if (source === 'activity' || source === 'raffle' || source === 'mall') return { key: `rewards_source_${source}`, params: {} }
  return { key: `rewards_source_${source}`, params: { ref } }
}

/** Mission names by id, for the records that name a mission by its id (loads the missions while watched). */
export const $missionTitles = computed($missions, ({ data }) => new Map((data?.missions ?? []).map((m) => [m.id, m.title])))
