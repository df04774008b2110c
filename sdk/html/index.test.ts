import { describe, expect, it } from 'vitest'
import { htmlToText, isSafeUrl, sanitizeHtml, trustedHtml } from './index.ts'

// Classic payloads (OWASP filter-evasion cheat sheet and friends): none may leave anything executable.
const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="jav&#97script:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "javascript:alert(1)";</style>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>alert(1)//<</script>',
  '<p/onclick=alert(1)>x</p>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<a href="#" onmouseover="alert(1)">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
]

const dangerous = /<script|<iframe|<svg|<style|<object|<meta|<form|\son[a-z]+\s*=|javascript:|vbscript:|data:text|data:image\/svg|style=/i

describe('sanitizeHtml', () => {
  it.each(payloads)('leaves nothing executable in %s', (payload) => {
    const clean = sanitizeHtml(payload)
    expect(clean).not.toMatch(dangerous)
    // Stable: sanitising the output again changes nothing (no markup hides in escaped text).
    expect(sanitizeHtml(clean)).toBe(clean)
  })

  it('keeps ordinary formatting, links and images', () => {
    const html =
      '<h3>Bonus</h3><p>Get <strong>100%</strong> <em>now</em><br>today</p><ul><li><a href="https://example.com/a?b=1&amp;c=2">terms</a></li></ul><img src="/img/a.png" alt="A" width="10">'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('keeps the text of dropped event handlers and unknown wrappers', () => {
    expect(sanitizeHtml('<p onclick="steal()">Hello <font color="red">world</font></p>')).toBe('<p>Hello world</p>')
  })

  it('drops scripts with their content, and styles', () => {
    expect(sanitizeHtml('a<script>alert("x")</script>b<style>p{}</style>c')).toBe('abc')
    expect(sanitizeHtml('<span style="color:red" class="lk-button">x</span>')).toBe('<span>x</span>')
  })

  it('removes unsafe URLs but keeps the element', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>')
    expect(sanitizeHtml('<img src="javascript:alert(1)" alt="x">')).toBe('<img alt="x">')
  })

  it('allows raster data images only in img src', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo='
    expect(sanitizeHtml(`<img src="${png}">`)).toBe(`<img src="${png}">`)
    expect(sanitizeHtml(`<a href="${png}">x</a>`)).toBe('<a>x</a>')
  })

  it('makes new-tab links safe', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>')
    expect(sanitizeHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>')
  })

  it('escapes text so stray brackets stay text', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2')
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('leaves named character references it does not know for the browser to decode, in text only', () => {
    expect(sanitizeHtml('<p>Caf&eacute; cr&egrave;me</p>')).toBe('<p>Caf&eacute; cr&egrave;me</p>')
    expect(sanitizeHtml('<a title="&eacute;&lt;" href="/x">t</a>')).toBe('<a title="&amp;eacute;&lt;" href="/x">t</a>')
    expect(sanitizeHtml('&lt;b&gt; AT&amp;T')).toBe('&lt;b&gt; AT&amp;T')
  })

  it('escapes quotes in attribute values', () => {
    expect(sanitizeHtml(`<a title='a"b' href="/x">t</a>`)).toBe('<a title="a&quot;b" href="/x">t</a>')
  })
})

describe('isSafeUrl', () => {
  it('accepts http(s), mailto, tel and relative URLs', () => {
    for (const url of ['https://a.test', 'http://a.test', 'mailto:a@b.test', 'tel:+1', '/help', '#terms', 'page?x=1', '//cdn.test/a.png'])
      expect(isSafeUrl('a', 'href', url)).toBe(true)
  })
  it('rejects script and data schemes and empty values', () => {
    for (const url of ['javascript:x', ' JAVASCRIPT:x', 'java\nscript:x', 'data:text/html,x', 'file:///etc/passwd', '', '\\\\evil']) expect(isSafeUrl('a', 'href', url)).toBe(false)
  })
})

describe('htmlToText', () => {
  it('returns the visible text only', () => {
    expect(htmlToText('<p>Big  <b>win</b></p><script>alert(1)</script>\n<p>today</p>')).toBe('Big win today')
  })
})

describe('trustedHtml (Trusted Types)', () => {
  it('hands sinks sanitised HTML wrapped by one policy named lobbykit, created once per page', () => {
    const slot = Symbol.for('lobbykit.trustedTypesPolicy')
    const g = globalThis as Record<PropertyKey, unknown>
    const created: string[] = []
    g.trustedTypes = {
      createPolicy(name: string, rules: { createHTML(s: string): string }) {
        if (created.includes(name)) throw new TypeError(`policy ${name} exists`)
        created.push(name)
        return { createHTML: (s: string) => ({ trusted: rules.createHTML(s) }) }
      },
    }
    delete g[slot]
    try {
      expect(trustedHtml('<p onclick="x()">Hi<script>x()</script></p>')).toEqual({ trusted: '<p>Hi</p>' })
      // A second copy of the module on the page (the loader twice) finds the page's policy.
      expect(trustedHtml('<b>again</b>')).toEqual({ trusted: '<b>again</b>' })
      expect(created).toEqual(['lobbykit'])
    } finally {
      delete g.trustedTypes
      delete g[slot]
    }
  })

  it('passes sanitised strings where the browser has no Trusted Types', () => {
    expect(trustedHtml('<img src="x" onerror="y()">')).toBe('<img src="x">')
  })
})
