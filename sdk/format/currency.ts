/**
 * Which currency money is shown in, apart from the formatter so the status store can name it without
 * carrying the formatter into every page.
 * @module
 */
import { brandWire } from '../brand/index.ts'

let platformCurrency: string | undefined

/** Takes the platform's currency (the status's `brand.currency`, an ISO 4217 code) for every amount shown from now on. */
export const setPlatformCurrency = (code: string | undefined): void => {
  platformCurrency = code
}

/** ISO 4217 code of the money shown: the platform's once its status is in, else the brand's (`PHP`). */
export const moneyCurrency = (): string => platformCurrency || brandWire.currency
