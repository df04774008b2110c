/**
 * Content dates, strict, and the schedule they make: editors write `2026-12-06` or `2026-12-06 10:00`
 * (ISO order, the brand's time zone); anything else — `06/12/2026`, `2026-12-32`, a time with seconds
 * or a zone — is refused with the file and field named, instead of silently becoming another day.
 *
 * A promotion's `starts`/`ends` become instants (milliseconds since the epoch) at build time; the page
 * then decides at request time, with {@link scheduleScript}, which of them run now, so a promotion goes
 * live at its minute and leaves at its end without a rebuild.
 *
 * Kept apart from `astro:content` so it can be unit tested.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fieldsOfKind, frontMatterDateMistakes, type ContentCollection, contentCollections, dateForms, type WallTime } from '../../sdk/contract/content.ts'

export { dateForms, parseContentDate, type WallTime, wallText } from '../../sdk/contract/content.ts'

/** How far `zone`'s clock is ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms))
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(ms / 1000) * 1000
}

/**
 * The instant a wall-clock moment of `zone` names (a date alone is its midnight); `endOfDay` makes a
 * date alone mean the end of that day, i.e. the next day's midnight, as an `ends` date does.
 * @example instantOf({ year: 2026, month: 12, day: 6, hour: 10, minute: 0 }, 'Asia/Manila') // Date.UTC(2026, 11, 6, 2)
 */
export function instantOf(w: WallTime, zone: string, endOfDay = false): number {
  const nextDay = endOfDay && w.hour === undefined ? 1 : 0
  const asUtc = Date.UTC(w.year, w.month - 1, w.day + nextDay, w.hour ?? 0, w.minute ?? 0)
  // Two steps settle the offset also next to a daylight-saving change.
  const first = asUtc - offsetAt(asUtc, zone)
  return asUtc - offsetAt(first, zone)
}

/** Front-matter fields that hold dates, by collection (from the one description, sdk/contract/content.ts). */
export const dateFields: Record<string, readonly string[]> = Object.fromEntries(
  (Object.keys(contentCollections) as ContentCollection[]).map((c) => [c, fieldsOfKind(c, 'date')] as const).filter(([, fields]) => fields.length > 0),
)

/**
 * Every date mistake in the content under `root` (`site/content`), one line each naming the file and
 * field. Reads the files themselves: the YAML parser turns `2026-12-32` into 1 January before any
 * schema sees it, so the text the editor wrote is checked here.
 */
export function contentDateMistakes(root: string): string[] {
  const found: string[] = []
  for (const [collection, fields] of Object.entries(dateFields)) {
    const dir = join(root, collection)
    let files: string[]
    try {
      files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))
    } catch {
      continue
    }
    for (const file of files.sort()) {
      const name = relative(process.cwd(), join(dir, file)).split(sep).join('/')
      for (const mistake of frontMatterDateMistakes(readFileSync(join(dir, file), 'utf8'), fields)) found.push(`${name}: ${mistake}`)
    }
  }
  return found
}

/** Throws one error listing every date mistake under `root`, so the build stops naming them all. */
export function assertContentDates(root: string): void {
  const mistakes = contentDateMistakes(root)
  if (mistakes.length) throw new Error(`Content dates must be ${dateForms}:\n${mistakes.join('\n')}`)
}

/** Attributes a scheduled element carries: from (inclusive) and until (exclusive), epoch milliseconds. */
export function scheduleAttrs(from: number, until: number | undefined, at: number = Date.now()) {
  // What the build saw, so the page is right without JavaScript as of its build.
  const off = !(from <= at && (until === undefined || at < until))
  return { 'data-lk-from': String(from), 'data-lk-until': until === undefined ? undefined : String(until), hidden: off, 'data-lk-off': off ? '' : undefined }
}

/**
 * The page's own scheduler, inlined after the scheduled elements: it shows each `[data-lk-from]`
 * element only from its start to its end by the visitor's clock (instants, so no time zone is
 * involved), marks the hidden ones `data-lk-off` (the promotion detail then treats them as absent),
 * shows a container's `[data-lk-none]` message when none of its entries runs, and runs again at the
 * next start or end while the page stays open.
 *
 * With `asOfZone` (the dev server only, for the editors' preview) a `?asOf=2026-12-07T10:00` in the
 * page's address, a wall time of that zone, stands for the clock: the page shows what runs then (an
 * impossible moment such as day 32 is ignored).
 */
export function scheduleScriptOf(options: { asOfZone?: string } = {}): string {
  const zone = options.asOfZone
  const clock = zone
    ? `var now=Date.now(),q=/^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2}))?$/.exec(new URLSearchParams(location.search).get('asOf')||''),asOf=false;
var w=q&&Date.UTC(+q[1],q[2]-1,+q[3],+(q[4]||0),+(q[5]||0));if(q&&new Date(w).toISOString().slice(0,16)!==q[1]+'-'+q[2]+'-'+q[3]+'T'+(q[4]||'00')+':'+(q[5]||'00'))q=null;
if(q){var p={};new Intl.DateTimeFormat('en-US',{timeZone:${JSON.stringify(zone)},hourCycle:'h23',year:'numeric',month:'numeric',day:'numeric',hour:'numeric',minute:'numeric'}).formatToParts(new Date(w)).forEach(function(x){p[x.type]=+x.value});now=w-(Date.UTC(p.year,p.month-1,p.day,p.hour,p.minute)-w);asOf=true;document.documentElement.setAttribute('data-lk-as-of',q[0])}
var next=Infinity;`
    : 'var now=Date.now(),next=Infinity,asOf=false;'
  return `(function lkSchedule(){${clock}
document.querySelectorAll('[data-lk-from]').forEach(function(el){var f=+el.getAttribute('data-lk-from'),u=el.hasAttribute('data-lk-until')?+el.getAttribute('data-lk-until'):Infinity,on=f<=now&&now<u;el.hidden=!on;if(on)el.removeAttribute('data-lk-off');else el.setAttribute('data-lk-off','');if(f>now&&f<next)next=f;if(u>now&&u<next)next=u});
document.querySelectorAll('[data-lk-schedule]').forEach(function(box){var none=box.querySelector('[data-lk-none]');if(none)none.hidden=!!box.querySelector('[data-lk-from]:not([data-lk-off])')});
if(next<Infinity&&!asOf)setTimeout(lkSchedule,Math.min(next-now+50,2147483647))})()`
}

/** The scheduler of the built pages: the visitor's clock only. */
export const scheduleScript = scheduleScriptOf()
