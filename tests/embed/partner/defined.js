// Runs right after the loader (module scripts run in order): which tags are defined by then.
window.__lkDefined = ['lk-games', 'lk-lobby', 'lk-promotions', 'lk-jackpot', 'lk-winners', 'lk-register', 'lk-login', 'lk-lottery'].filter((tag) => customElements.get(tag))
