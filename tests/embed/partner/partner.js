// The partner's own script: the Lobbykit snippet (queue before the loader) and an event log.
window.Lobbykit ||= { q: [] }
Lobbykit.q.push(['config', { theme: 'auto' }])
for (const name of ['lk:ready', 'lk:registered', 'lk:login', 'lk:launch', 'lk:error', 'lk:resize']) {
  document.addEventListener(name, (event) => {
    const list = document.getElementById('events')
    if (!list || name === 'lk:resize') return
    const item = document.createElement('li')
    item.textContent = `${name} ${event.target.localName} ${JSON.stringify(event.detail)}`
    list.append(item)
  })
}
