import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { $vendorPopup } from '../../sdk/games/index.ts'

const VendorPopup = lazy(() => import('./VendorPopup.tsx').then((m) => ({ default: m.VendorPopup })))

/** The vendor popup, downloaded the first time a vendor card opens it (and kept for the close fade). */
export function LazyVendorPopup() {
  const popup = useStore($vendorPopup)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (popup) setWanted(true)
  }, [popup])
  if (!wanted && !popup) return null
  return (
    <Suspense fallback={null}>
      <VendorPopup />
    </Suspense>
  )
}
