import { useEffect, useState } from 'react'

/**
 * False during server rendering and the hydration pass, true afterwards. Islands render the build-time
 * (logged-out, light) state first so hydration matches the HTML, then switch to the browser's state.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
