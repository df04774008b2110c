// A page with only a jackpot. Before Lobbykit loads it queues a command, listens on the element and
// sets an attribute on it; all of it must hold once the element's code arrives.
window.Lobbykit ||= { q: [] }
Lobbykit.q.push(['config', { lang: 'es' }])
window.__lkEarly = []
const jackpot = document.querySelector('lk-jackpot')
jackpot.addEventListener('lk:ready', (event) => window.__lkEarly.push(event.detail.tag))
jackpot.setAttribute('theme', 'dark')
