// The partner's own storage, which the embed must leave as it is.
localStorage.setItem('lang', 'de-DE')
sessionStorage.setItem('cart', '3')
