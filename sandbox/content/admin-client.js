// The editor's page script (served as is at /admin/content/admin.js; sandbox/content/editor.ts): starts
// Decap CMS with the configuration made from the content description, shows each entry's translation
// status, and previews the entry in the real page of the dev server (an iframe of /help, /promotions…)
// at 390 or 1366 px, in a chosen language and "as of" a chosen moment (the page's schedule script reads
// ?asOf= in development). A module script: nothing leaks into the page's globals.
const CMS = window.DecapCmsApp.default ?? window.DecapCmsApp
const React = window.React
const h = React.createElement
const setup = JSON.parse(document.getElementById('lk-cms').textContent)
const endpoint = new URL(setup.endpoint, location.origin).href
const config = {
  ...setup.decap,
  backend: { name: 'proxy', proxy_url: endpoint, branch: 'main' },
  local_backend: { url: endpoint, allowed_hosts: [location.hostname] },
}

// The translation status the endpoint computes (read-only).
const Status = (props) =>
  h(
    'p',
    { 'data-lk-status': '', style: { margin: '0.5rem 0', font: '14px/1.4 sans-serif' } },
    props.value || 'Shown once the entry is saved: which translations are missing or outdated.',
  )
CMS.registerWidget('lk-status', Status, Status)

// Saving writes the files the dev server renders: the preview reloads then.
CMS.registerEventListener({ name: 'postSave', handler: () => window.dispatchEvent(new Event('lk-saved')) })

const prefix = (lang) => (lang === 'en' ? '' : `/${lang}`)
const button = (label, pressed, onClick, name) =>
  h(
    'button',
    {
      type: 'button',
      'aria-pressed': String(pressed),
      'data-lk-preview': name,
      onClick,
      style: {
        padding: '4px 10px',
        marginRight: 4,
        fontWeight: pressed ? 700 : 400,
        border: '1px solid #889',
        borderRadius: 4,
        background: pressed ? '#dde4ff' : '#fff',
        cursor: 'pointer',
      },
    },
    label,
  )

/** How much a page `width` px wide is scaled to fit `room` px (never enlarged). */
const scaleOf = (room, width) => (room > 0 ? Math.min(1, room / (width + 2)) : 1)

function PagePreview(props) {
  const collection = props.collection.get('name')
  const slug = props.entry.get('slug')
  const pages = setup.pages[collection] ?? ['/']
  const [width, setWidth] = React.useState(390)
  const [lang, setLang] = React.useState('en')
  const [asOf, setAsOf] = React.useState('')
  const [view, setView] = React.useState(0)
  const [version, setVersion] = React.useState(0)
  // A page wider than the pane (1366 px) is shown whole, scaled down to the pane's width.
  const box = React.useRef(null)
  const [room, setRoom] = React.useState(0)
  React.useEffect(() => {
    const el = box.current
    if (!el) return
    const observer = new (el.ownerDocument.defaultView ?? window).ResizeObserver(() => setRoom(el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [slug])
  React.useEffect(() => {
    const saved = () => setVersion((v) => v + 1)
    window.addEventListener('lk-saved', saved)
    return () => window.removeEventListener('lk-saved', saved)
  }, [])
  const toolbar = h(
    'div',
    { style: { font: '14px/1.4 sans-serif', display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8 } },
    h(
      'span',
      null,
      button('Phone 390 px', width === 390, () => setWidth(390), 'phone'),
      button('Desktop 1366 px', width === 1366, () => setWidth(1366), 'desktop'),
    ),
    h('span', null, ...setup.languages.map((l) => button(l.toUpperCase(), lang === l, () => setLang(l), `lang-${l}`))),
    pages.length > 1 ? h('span', null, ...pages.map((_, i) => button(i === 0 ? 'Its page' : 'The list', view === i, () => setView(i), `view-${i}`))) : null,
    h(
      'label',
      null,
      'As of ',
      h('input', { type: 'datetime-local', value: asOf, 'data-lk-preview': 'as-of', onChange: (e) => setAsOf(e.target.value) }),
      asOf ? button('Now', false, () => setAsOf(''), 'now') : null,
    ),
    button('Reload', false, () => setVersion((v) => v + 1), 'reload'),
  )
  if (!slug)
    return h(
      'div',
      { style: { padding: 16 } },
      toolbar,
      h('p', { style: { font: '16px/1.5 sans-serif' } }, 'Save the entry once to see it in the real page. The preview then shows the last saved version.'),
    )
  const url = new URL(`${prefix(lang)}${pages[Math.min(view, pages.length - 1)].replaceAll('{{slug}}', encodeURIComponent(slug))}`, location.origin)
  if (asOf) url.searchParams.set('asOf', asOf)
  url.searchParams.set('lkPreview', String(version))
  return h(
    'div',
    { style: { padding: 8 } },
    toolbar,
    h(
      'p',
      { style: { font: '13px/1.4 sans-serif', color: '#445', margin: '0 0 8px' } },
      `The real page at ${width} px, ${lang.toUpperCase()}${asOf ? `, as of ${asOf.replace('T', ' ')}` : ''}: it shows the last saved version.`,
    ),
    h(
      'div',
      { ref: box, style: { overflow: 'hidden', height: 900 * scaleOf(room, width) } },
      h('iframe', {
        key: `${url.href}|${width}`,
        title: 'Page preview',
        'data-lk-preview': 'page',
        src: url.href,
        style: { width, height: 900, border: '1px solid #889', background: '#fff', transform: `scale(${scaleOf(room, width)})`, transformOrigin: 'top left' },
      }),
    ),
  )
}
for (const c of setup.decap.collections) CMS.registerPreviewTemplate(c.name, PagePreview)

CMS.init({ config })
