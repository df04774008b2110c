/**
 * Minor units as the decimal text the platform's own pages and CSV files show, by integer arithmetic.
 * @module
 */

/**
 * Minor units as a decimal with two places (`-1234` → `-12.34`); `grouped` adds thousands separators
 * (`123456` → `1,234.56`).
 */
export function decimal(minor: number, grouped = false): string {
  const whole = Math.floor(Math.abs(minor) / 100)
  return `${minor < 0 ? '-' : ''}${grouped ? whole.toLocaleString('en-US') : whole}.${String(Math.abs(minor) % 100).padStart(2, '0')}`
}
