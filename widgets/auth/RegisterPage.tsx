import { useEffect, useState } from 'react'
import { onPage } from './pages.tsx'
import { RegisterForm } from './RegisterForm.tsx'

// A module of its own: the login, forgot and change-password pages (./pages.tsx) do not load the registration form.
/**
 * `/register`: reads `referralCode` and the affiliate code (`?affiliateCode=` or `?code=`) from the
 * address after hydration, so the server-rendered form and the first client render agree.
 */
export function RegisterPage() {
  const [codes, setCodes] = useState<{ referralCode?: string; affiliateCode?: string }>({})
  useEffect(() => {
    const q = new URLSearchParams(location.search)
    setCodes({ referralCode: q.get('referralCode') ?? undefined, affiliateCode: q.get('affiliateCode') ?? q.get('code') ?? undefined })
  }, [])
  return onPage(<RegisterForm {...codes} />)
}
