/**
 * Text of the sandbox's demo game pages. These pages are served by the sandbox (they stand in for a
 * game vendor's product), not by the site, so their few strings live here rather than in `locales/`.
 * @module
 */

/** Languages the demo pages speak; others read English. */
export type PageLanguage = 'en' | 'es'

const en = {
  balance: 'Balance',
  stake: 'Stake',
  stakeHint: 'Minimum {min}',
  play: 'Play',
  spin: 'Spin',
  deal: 'Deal',
  pick: 'Your pick',
  playing: 'Playing…',
  win: 'You win {amount}!',
  lose: 'No win this round.',
  push: 'Stake returned: {amount}.',
  insufficient: 'Not enough balance for this stake. Nothing was charged.',
  stakeTooLow: 'The stake must be at least {min}.',
  stakeInvalid: 'Enter a stake, for example {min}.',
  expired: 'This game session has ended. Close the game and launch it again.',
  failed: 'The round could not be played: {message}',
  network: 'Connection lost. Your stake is safe: press play again to retry the same round.',
  reels: 'Reels',
  player: 'Player', banker: 'Banker', tie: 'Tie',
  home: 'Home', draw: 'Draw', away: 'Away',
  meron: 'Meron', wala: 'Wala',
  number: 'Number {n}',
  drawn: 'Drawn number',
  nextDraw: 'Draw {numero} closes in {time}',
  locked: 'Draw {numero} is closed for betting',
  odds: 'pays {odds}×',
  score: 'Score',
  lastRound: 'Last round',
  back: 'Back',
  invalidTitle: 'Game link not valid',
  invalidBody: 'This game link is unknown or has expired. Close this window and launch the game again from the lobby.',
  SEVEN: 'seven', BAR: 'bar', BELL: 'bell', CHERRY: 'cherry', LEMON: 'lemon', STAR: 'star',
}

const es: typeof en = {
  balance: 'Saldo',
  stake: 'Apuesta',
  stakeHint: 'Mínimo {min}',
  play: 'Jugar',
  spin: 'Girar',
  deal: 'Repartir',
  pick: 'Tu elección',
  playing: 'Jugando…',
  win: '¡Ganas {amount}!',
  lose: 'Sin premio esta ronda.',
  push: 'Apuesta devuelta: {amount}.',
  insufficient: 'Saldo insuficiente para esta apuesta. No se ha cobrado nada.',
  stakeTooLow: 'La apuesta debe ser de al menos {min}.',
  stakeInvalid: 'Introduce una apuesta, por ejemplo {min}.',
  expired: 'Esta sesión de juego ha terminado. Cierra el juego y ábrelo de nuevo.',
  failed: 'No se pudo jugar la ronda: {message}',
  network: 'Se perdió la conexión. Tu apuesta está a salvo: pulsa jugar de nuevo para reintentar la misma ronda.',
  reels: 'Rodillos',
  player: 'Jugador', banker: 'Banca', tie: 'Empate',
  home: 'Local', draw: 'Empate', away: 'Visitante',
  meron: 'Meron', wala: 'Wala',
  number: 'Número {n}',
  drawn: 'Número sorteado',
  nextDraw: 'El sorteo {numero} cierra en {time}',
  locked: 'El sorteo {numero} está cerrado para apuestas',
  odds: 'paga {odds}×',
  score: 'Marcador',
  lastRound: 'Última ronda',
  back: 'Volver',
  invalidTitle: 'Enlace de juego no válido',
  invalidBody: 'Este enlace de juego es desconocido o ha caducado. Cierra esta ventana y abre el juego de nuevo desde el lobby.',
  SEVEN: 'siete', BAR: 'bar', BELL: 'campana', CHERRY: 'cereza', LEMON: 'limón', STAR: 'estrella',
}

/** The string table of the demo pages. */
export const pageStrings: Record<PageLanguage, typeof en> = { en, es }
/** A key of {@link pageStrings}. */
export type PageStringKey = keyof typeof en
