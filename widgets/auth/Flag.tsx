import type { ReactElement } from 'react'

/*
 * Small flags drawn in SVG for the dialing-code picker: emoji flags show as empty boxes on Debian's
 * Chromium and as two letters on Windows, an SVG looks the same everywhere. Each is a simplified
 * drawing on a 30 × 20 box (a flag here is a cue next to the name, not a reference drawing), kept in
 * the auth islands' own chunk: together they add about 1 KB gzip there and nothing to other pages.
 * A country without a drawing shows no flag; its name and code still say which it is.
 */

/** Points of a five-pointed star centred on `x`,`y` with outer radius `r`, first point at `turn` degrees. */
function star(x: number, y: number, r: number, turn = -90): string {
  const points: string[] = []
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.382 : r
    const angle = ((turn + i * 36) * Math.PI) / 180
    points.push(`${(x + radius * Math.cos(angle)).toFixed(2)},${(y + radius * Math.sin(angle)).toFixed(2)}`)
  }
  return points.join(' ')
}

/** Horizontal stripes of equal height, top to bottom. */
// biome-ignore lint/suspicious/noArrayIndexKey: a stripe is its position; the drawing never reorders
const stripes = (colors: string[]) => colors.map((fill, i) => <rect key={i} y={(20 / colors.length) * i} width="30" height={20 / colors.length} fill={fill} />)
/** Vertical bands of equal width, left to right. */
// biome-ignore lint/suspicious/noArrayIndexKey: a band is its position; the drawing never reorders
const bands = (colors: string[]) => colors.map((fill, i) => <rect key={i} x={(30 / colors.length) * i} width={30 / colors.length} height="20" fill={fill} />)
/** `n` alternating stripes starting with `a`. */
const alternate = (n: number, a: string, b: string) => stripes(Array.from({ length: n }, (_, i) => (i % 2 ? b : a)))

const drawings: Record<string, () => ReactElement[] | ReactElement> = {
  PH: () => [...stripes(['#0038a8', '#ce1126']), <polygon key="t" points="0,0 17.3,10 0,20" fill="#fff" />, <circle key="s" cx="6" cy="10" r="2.4" fill="#fcd116" />],
  VN: () => [<rect key="b" width="30" height="20" fill="#da251d" />, <polygon key="s" points={star(15, 10.5, 6)} fill="#ff0" />],
  TH: () => stripes(['#a51931', '#f4f5f8', '#2d2a4a', '#2d2a4a', '#f4f5f8', '#a51931']),
  MY: () => [
    ...alternate(14, '#cc0001', '#fff'),
    <rect key="c" width="15" height="11.4" fill="#010066" />,
    <circle key="m" cx="6.2" cy="5.7" r="4" fill="#fc0" />,
    <circle key="n" cx="7.4" cy="5.7" r="3.4" fill="#010066" />,
    <polygon key="s" points={star(11.6, 5.7, 2.6)} fill="#fc0" />,
  ],
  ID: () => stripes(['#ce1126', '#fff']),
  SG: () => [...stripes(['#ef3340', '#fff']), <circle key="m" cx="6" cy="5" r="3.6" fill="#fff" />, <circle key="n" cx="7.4" cy="5" r="3.4" fill="#ef3340" />],
  CN: () => [
    <rect key="b" width="30" height="20" fill="#ee1c25" />,
    <polygon key="s" points={star(5, 5, 3)} fill="#ffde00" />,
    ...[
      [10, 2],
      [12, 4],
      [12, 7],
      [10, 9],
    ].map(([x, y]) => <polygon key={`${x}${y}`} points={star(x, y, 1)} fill="#ffde00" />),
  ],
  IN: () => [...stripes(['#f93', '#fff', '#128807']), <circle key="w" cx="15" cy="10" r="2.6" fill="none" stroke="#008" strokeWidth="0.7" />],
  US: () => [...alternate(13, '#b22234', '#fff'), <rect key="c" width="12" height="10.77" fill="#3c3b6e" />],
  GB: () => (
    <g>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0,0 30,20M30,0 0,20" stroke="#fff" strokeWidth="4" />
      <path d="M0,0 30,20M30,0 0,20" stroke="#c8102e" strokeWidth="1.4" />
      <path d="M15,0v20M0,10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15,0v20M0,10h30" stroke="#c8102e" strokeWidth="3.6" />
    </g>
  ),
  MX: () => [...bands(['#006847', '#fff', '#ce1126']), <circle key="e" cx="15" cy="10" r="2.4" fill="#8c5a2b" />],
  ES: () => stripes(['#aa151b', '#f1bf00', '#f1bf00', '#aa151b']),
  BR: () => [
    <rect key="b" width="30" height="20" fill="#009c3b" />,
    <polygon key="d" points="3,10 15,2.5 27,10 15,17.5" fill="#ffdf00" />,
    <circle key="c" cx="15" cy="10" r="4.6" fill="#002776" />,
  ],
  KR: () => [
    <rect key="b" width="30" height="20" fill="#fff" />,
    <path key="r" d="M10,10a5,5 0 0 1 10,0z" fill="#cd2e3a" />,
    <path key="u" d="M10,10a5,5 0 0 0 10,0z" fill="#0047a0" />,
  ],
  JP: () => [<rect key="b" width="30" height="20" fill="#fff" />, <circle key="c" cx="15" cy="10" r="6" fill="#bc002d" />],
}

/** Whether a country has a drawn flag. */
export const hasFlag = (countryCode: string): boolean => countryCode.toUpperCase() in drawings

/**
 * A small flag of a two-letter country code, decorative (the name beside it is what assistive
 * technology reads); nothing for a country without a drawing.
 */
export function Flag({ countryCode }: { countryCode: string }) {
  const draw = drawings[countryCode.toUpperCase()]
  if (!draw) return null
  return (
    <svg className="lk-flag" viewBox="0 0 30 20" width="21" height="14" aria-hidden="true" focusable="false" data-flag={countryCode.toUpperCase()}>
      {draw()}
    </svg>
  )
}
