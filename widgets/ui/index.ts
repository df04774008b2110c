/** Shared UI every island reuses. */
export { Modal, modalFadeMs, type ModalProps } from './Modal.tsx'
export { DialogHost, Loader } from './DialogHost.tsx'
export { Field, type FieldProps } from './Field.tsx'
export { Skeleton, ErrorState, EmptyState } from './States.tsx'
export { useT } from './i18n.ts'
export { useMounted, useClientStore, useImageUrl } from './hydration.ts'
export { useCloseOnOutside } from './outside.ts'
