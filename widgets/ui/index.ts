/**
 * Shared UI every island reuses. `Modal.tsx`, `DialogHost.tsx` and `Field.tsx` are imported from
 * their own files: only popups and forms need them, and through this entry their code would load
 * with every island.
 */
export { Skeleton, ErrorState, EmptyState } from './States.tsx'
export { LanguageContext, useT } from './i18n.ts'
export { useMounted, useClientStore, useImageUrl, LiveHydration } from './hydration.ts'
export { useCloseOnOutside } from './outside.ts'
export { IconStar, IconPrev, IconNext } from './icons.tsx'
export { IconClose, IconInfo, IconCheck, IconWarning, IconError, IconDown } from './icons-more.tsx'
export { useOnDemand, type ComponentModule } from './onDemand.ts'
