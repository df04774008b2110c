/**
 * Text of the sandbox's lottery betting screen (served by the sandbox as a vendor would, so, like the
 * demo game pages' strings, it lives here rather than in `locales/`).
 * @module
 */
import type { PageLanguage } from '../games/strings.ts'

const en = {
  balance: 'Balance',
  draw: 'Draw',
  closesIn: 'Betting closes in {time}',
  locked: 'Betting is closed: the draw is about to happen',
  commitment: 'Commitment (SHA-256 of the seed)',
  playType: 'Play type',
  BIG_SMALL: 'Big / Small', ODD_EVEN: 'Odd / Even', LAST_1: 'Last digit', LAST_2: 'Last two digits',
  BIG: 'Big (5–9)', SMALL: 'Small (0–4)', ODD: 'Odd', EVEN: 'Even',
  pick: 'Your pick',
  pickTwo: 'Two digits, 00–99',
  amount: 'Amount',
  amountHint: 'Minimum {min}',
  multiplier: 'Multiplier',
  multiplierHint: '1 to 100: the stake is amount × multiplier',
  odds: 'pays {odds}×',
  place: 'Place bet',
  placing: 'Placing your bet…',
  placed: 'Bet placed on draw {numero}: {stake}.',
  won: 'Draw {numero} drew {number}: you win {amount}!',
  lost: 'Draw {numero} drew {number}: no win this time.',
  myBets: 'My bets',
  noBets: 'No bets on this game yet.',
  open: 'Waiting for the draw',
  colDraw: 'Draw', colPick: 'Pick', colStake: 'Stake', colResult: 'Result', colPayout: 'Payout',
  amountInvalid: 'Enter an amount of at least {min}.',
  multiplierInvalid: 'The multiplier must be a whole number from 1 to 100.',
  pickInvalid: 'Enter two digits, for example 07.',
  insufficient: 'Not enough balance for this bet. Nothing was charged.',
  closed: 'Betting on this draw has closed. Bet on the next one.',
  expired: 'This game session has ended. Close the game and launch it again.',
  failed: 'The bet could not be placed: {message}',
  network: 'Connection lost. Press the button again: the same bet is retried, never placed twice.',
}

const es: typeof en = {
  balance: 'Saldo',
  draw: 'Sorteo',
  closesIn: 'Las apuestas cierran en {time}',
  locked: 'Apuestas cerradas: el sorteo está por realizarse',
  commitment: 'Compromiso (SHA-256 de la semilla)',
  playType: 'Tipo de jugada',
  BIG_SMALL: 'Mayor / Menor', ODD_EVEN: 'Impar / Par', LAST_1: 'Último dígito', LAST_2: 'Dos últimos dígitos',
  BIG: 'Mayor (5–9)', SMALL: 'Menor (0–4)', ODD: 'Impar', EVEN: 'Par',
  pick: 'Tu elección',
  pickTwo: 'Dos dígitos, 00–99',
  amount: 'Importe',
  amountHint: 'Mínimo {min}',
  multiplier: 'Multiplicador',
  multiplierHint: 'De 1 a 100: la apuesta es importe × multiplicador',
  odds: 'paga {odds}×',
  place: 'Apostar',
  placing: 'Registrando tu apuesta…',
  placed: 'Apuesta registrada en el sorteo {numero}: {stake}.',
  won: 'El sorteo {numero} sacó {number}: ¡ganas {amount}!',
  lost: 'El sorteo {numero} sacó {number}: esta vez no hay premio.',
  myBets: 'Mis apuestas',
  noBets: 'Aún no hay apuestas en este juego.',
  open: 'Esperando el sorteo',
  colDraw: 'Sorteo', colPick: 'Elección', colStake: 'Apuesta', colResult: 'Resultado', colPayout: 'Premio',
  amountInvalid: 'Introduce un importe de al menos {min}.',
  multiplierInvalid: 'El multiplicador debe ser un número entero de 1 a 100.',
  pickInvalid: 'Introduce dos dígitos, por ejemplo 07.',
  insufficient: 'Saldo insuficiente para esta apuesta. No se ha cobrado nada.',
  closed: 'Las apuestas de este sorteo se han cerrado. Apuesta en el siguiente.',
  expired: 'Esta sesión de juego ha terminado. Cierra el juego y ábrelo de nuevo.',
  failed: 'No se pudo registrar la apuesta: {message}',
  network: 'Se perdió la conexión. Pulsa el botón otra vez: se reintenta la misma apuesta, nunca dos veces.',
}

/** The betting screen's strings per language. */
export const lotteryPageStrings: Record<PageLanguage, typeof en> = { en, es }
