import { withinChunkTime } from '../../../sdk/ui/chunk.ts'

/** The shell's React parts loaded when needed (widgets/shell/on-demand.tsx), under SPEC §8's chunk time-out. */
export const loadOnDemand = withinChunkTime(() => import('../../../widgets/shell/on-demand.tsx'))

/** What {@link loadOnDemand} resolves with. */
export type OnDemand = Awaited<ReturnType<typeof loadOnDemand>>
