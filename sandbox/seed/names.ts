import { pick } from './rows.ts'

/** A game name in the two languages the sandbox stores. */
export interface Names {
  en: string
  es: string
}

type Gender = 'm' | 'f' | 'mp' | 'fp'
// [english, spanish, gender of the Spanish noun]
const nouns: readonly [string, string, Gender][] = [
  ['Dragon', 'Dragón', 'm'],
  ['Tiger', 'Tigre', 'm'],
  ['Phoenix', 'Fénix', 'm'],
  ['Fortune', 'Fortuna', 'f'],
  ['Treasure', 'Tesoro', 'm'],
  ['Pharaoh', 'Faraón', 'm'],
  ['Panda', 'Panda', 'm'],
  ['Buffalo', 'Búfalo', 'm'],
  ['Wolf', 'Lobo', 'm'],
  ['Empress', 'Emperatriz', 'f'],
  ['Queen', 'Reina', 'f'],
  ['King', 'Rey', 'm'],
  ['Gems', 'Gemas', 'fp'],
  ['Koi', 'Koi', 'm'],
  ['Lion', 'León', 'm'],
  ['Eagle', 'Águila', 'f'],
  ['Samurai', 'Samurái', 'm'],
  ['Ninja', 'Ninja', 'm'],
  ['Viking', 'Vikingo', 'm'],
  ['Goddess', 'Diosa', 'f'],
  ['Pyramid', 'Pirámide', 'f'],
  ['Jungle', 'Selva', 'f'],
  ['Ocean', 'Océano', 'm'],
  ['Volcano', 'Volcán', 'm'],
  ['Moon', 'Luna', 'f'],
  ['Sun', 'Sol', 'm'],
  ['Star', 'Estrella', 'f'],
  ['Diamond', 'Diamante', 'm'],
  ['Ruby', 'Rubí', 'm'],
  ['Emerald', 'Esmeralda', 'f'],
  ['Pearl', 'Perla', 'f'],
  ['Crown', 'Corona', 'f'],
  ['Temple', 'Templo', 'm'],
  ['Castle', 'Castillo', 'm'],
  ['Pirate', 'Pirata', 'm'],
  ['Mermaid', 'Sirena', 'f'],
  ['Unicorn', 'Unicornio', 'm'],
  ['Wizard', 'Mago', 'm'],
  ['Witch', 'Bruja', 'f'],
  ['Knight', 'Caballero', 'm'],
  ['Fruits', 'Frutas', 'fp'],
  ['Cherries', 'Cerezas', 'fp'],
  ['Bells', 'Campanas', 'fp'],
  ['Sevens', 'Sietes', 'mp'],
  ['Coins', 'Monedas', 'fp'],
  ['Lanterns', 'Faroles', 'mp'],
  ['Carnival', 'Carnaval', 'm'],
  ['Fiesta', 'Fiesta', 'f'],
  ['Mariachi', 'Mariachi', 'm'],
  ['Aztec', 'Azteca', 'm'],
  ['Inca', 'Inca', 'm'],
  ['Rhino', 'Rinoceronte', 'm'],
  ['Gorilla', 'Gorila', 'm'],
  ['Monkey', 'Mono', 'm'],
  ['Rooster', 'Gallo', 'm'],
  ['Horse', 'Caballo', 'm'],
  ['Thunder', 'Trueno', 'm'],
  ['Storm', 'Tormenta', 'f'],
  ['Fire', 'Fuego', 'm'],
  ['Ice', 'Hielo', 'm'],
  ['Candy', 'Caramelo', 'm'],
  ['Sweets', 'Dulces', 'mp'],
  ['Rocket', 'Cohete', 'm'],
  ['Galaxy', 'Galaxia', 'f'],
  ['Zeus', 'Zeus', 'm'],
  ['Athena', 'Atenea', 'f'],
  ['Medusa', 'Medusa', 'f'],
  ['Cleopatra', 'Cleopatra', 'f'],
  ['Genie', 'Genio', 'm'],
  ['Oasis', 'Oasis', 'm'],
  ['Safari', 'Safari', 'm'],
  ['Bonanza', 'Bonanza', 'f'],
]
// [english, spanish masculine, spanish feminine]
const adjectives: readonly [string, string, string][] = [
  ['Golden', 'Dorado', 'Dorada'],
  ['Lucky', 'Afortunado', 'Afortunada'],
  ['Mighty', 'Poderoso', 'Poderosa'],
  ['Wild', 'Salvaje', 'Salvaje'],
  ['Mystic', 'Místico', 'Mística'],
  ['Ancient', 'Antiguo', 'Antigua'],
  ['Royal', 'Real', 'Real'],
  ['Crystal', 'de Cristal', 'de Cristal'],
  ['Silver', 'Plateado', 'Plateada'],
  ['Blazing', 'Ardiente', 'Ardiente'],
  ['Frozen', 'Helado', 'Helada'],
  ['Hidden', 'Oculto', 'Oculta'],
  ['Sacred', 'Sagrado', 'Sagrada'],
  ['Great', 'Gran', 'Gran'],
  ['Happy', 'Feliz', 'Feliz'],
  ['Magic', 'Mágico', 'Mágica'],
  ['Secret', 'Secreto', 'Secreta'],
  ['Red', 'Rojo', 'Roja'],
  ['Black', 'Negro', 'Negra'],
  ['Jade', 'de Jade', 'de Jade'],
  ['Neon', 'de Neón', 'de Neón'],
  ['Electric', 'Eléctrico', 'Eléctrica'],
  ['Savage', 'Feroz', 'Feroz'],
  ['Super', 'Súper', 'Súper'],
  ['Rich', 'Rico', 'Rica'],
  ['Shining', 'Brillante', 'Brillante'],
  ['Eternal', 'Eterno', 'Eterna'],
  ['Legendary', 'Legendario', 'Legendaria'],
  ['Dancing', 'Bailarín', 'Bailarina'],
  ['Sweet', 'Dulce', 'Dulce'],
  ['Imperial', 'Imperial', 'Imperial'],
  ['Jolly', 'Alegre', 'Alegre'],
  ['Cosmic', 'Cósmico', 'Cósmica'],
  ['Roaring', 'Rugiente', 'Rugiente'],
  ['Fierce', 'Fiero', 'Fiera'],
  ['Tiny', 'Pequeño', 'Pequeña'],
  ['Dark', 'Oscuro', 'Oscura'],
  ['Fabulous', 'Fabuloso', 'Fabulosa'],
  ['Majestic', 'Majestuoso', 'Majestuosa'],
  ['Twin', 'Gemelo', 'Gemela'],
]
const leads: readonly [string, string, Gender][] = [
  ['Rise', 'Ascenso', 'm'],
  ['Quest', 'Búsqueda', 'f'],
  ['Legend', 'Leyenda', 'f'],
  ['Secrets', 'Secretos', 'mp'],
  ['Wrath', 'Ira', 'f'],
  ['Gates', 'Puertas', 'fp'],
  ['Spirit', 'Espíritu', 'm'],
  ['Book', 'Libro', 'm'],
  ['Reign', 'Reinado', 'm'],
  ['Riches', 'Riquezas', 'fp'],
  ['Curse', 'Maldición', 'f'],
  ['Heart', 'Corazón', 'm'],
]
const suffixes: readonly [string, string][] = [
  ['', ''],
  ['', ''],
  ['', ''],
  [' Deluxe', ' Deluxe'],
  [' Megaways', ' Megaways'],
  [' Rising', ' en Ascenso'],
  [' Hold & Win', ' Retén y Gana'],
  [' 2', ' 2'],
  [' Bonanza', ' Bonanza'],
  [' Reloaded', ' Recargado'],
  [' Power Reels', ' Rodillos Poderosos'],
  [' Jackpot', ' Jackpot'],
  [' Xmas', ' Navidad'],
  [' 1000', ' 1000'],
]
const articles: Record<Gender, string> = { m: 'El', f: 'La', mp: 'Los', fp: 'Las' }
const ofArticle: Record<Gender, string> = { m: 'del', f: 'de la', mp: 'de los', fp: 'de las' }

function agree(adj: readonly [string, string, string], gender: Gender): string {
  const base = gender === 'f' || gender === 'fp' ? adj[2] : adj[1]
  if (gender === 'm' || gender === 'f' || base.startsWith('de ')) return base
  if (base.endsWith('z')) return `${base.slice(0, -1)}ces`
  return /[aeiouáéíóú]$/.test(base) ? `${base}s` : `${base}es`
}

/** A slot-style name: "Golden Dragon Deluxe" / "Dragón Dorado Deluxe", or "Rise of the Phoenix". */
export function slotName(rnd: () => number): Names {
  const [nEn, nEs, g] = pick(rnd, nouns)
  const [sEn, sEs] = pick(rnd, suffixes)
  if (rnd() < 0.22) {
    const [lEn, lEs, lg] = pick(rnd, leads)
    return { en: `${lEn} of the ${nEn}${sEn}`, es: `${articles[lg]} ${lEs} ${ofArticle[g]} ${nEs}${sEs}` }
  }
  const adj = pick(rnd, adjectives)
  return { en: `${adj[0]} ${nEn}${sEn}`, es: `${nEs} ${agree(adj, g)}${sEs}` }
}

/** Names that carry a kind word: "Golden Koi Fishing" / "Pesca Koi Dorado". */
export function kindName(rnd: () => number, kindEn: string, kindEs: string): Names {
  const [nEn, nEs, g] = pick(rnd, nouns)
  const adj = pick(rnd, adjectives)
  return rnd() < 0.5 ? { en: `${nEn} ${kindEn}`, es: `${kindEs} ${nEs}` } : { en: `${adj[0]} ${nEn} ${kindEn}`, es: `${kindEs} ${nEs} ${agree(adj, g)}` }
}

/** Live tables: [english, spanish]. */
export const liveTables: Record<string, readonly [string, string][]> = {
  BACCARAT: [
    ['Baccarat', 'Bacará'],
    ['Speed Baccarat', 'Bacará Rápido'],
    ['Squeeze Baccarat', 'Bacará Squeeze'],
    ['No Commission Baccarat', 'Bacará sin Comisión'],
  ],
  ROULETTE: [
    ['Roulette', 'Ruleta'],
    ['Auto Roulette', 'Ruleta Automática'],
    ['Lightning Roulette', 'Ruleta Relámpago'],
    ['Immersive Roulette', 'Ruleta Inmersiva'],
  ],
  SICBO: [
    ['Sic Bo', 'Sic Bo'],
    ['Super Sic Bo', 'Súper Sic Bo'],
  ],
  DRAGONTIGER: [
    ['Dragon Tiger', 'Dragón Tigre'],
    ['Speed Dragon Tiger', 'Dragón Tigre Rápido'],
  ],
  BLACKJACK: [
    ['Blackjack', 'Blackjack'],
    ['Infinite Blackjack', 'Blackjack Infinito'],
    ['VIP Blackjack', 'Blackjack VIP'],
  ],
  GAMESHOW: [
    ['Money Wheel', 'Rueda del Dinero'],
    ['Crazy Coin Flip', 'Moneda Loca'],
    ['Lightning Dice', 'Dados Relámpago'],
    ['Fan Tan', 'Fan Tan'],
  ],
}

/** PvP card and board games: [english, spanish, classification]. */
export const pvpGames: readonly [string, string, string][] = [
  ["Texas Hold'em", "Texas Hold'em", 'CARD'],
  ['Teen Patti', 'Teen Patti', 'CARD'],
  ['Niu Niu', 'Niu Niu', 'CARD'],
  ['Rummy', 'Rummy', 'CARD'],
  ['Blackjack Duel', 'Duelo de Blackjack', 'CARD'],
  ['Tongits', 'Tongits', 'CARD'],
  ['Pusoy', 'Pusoy', 'CARD'],
  ['Sam Gong', 'Sam Gong', 'CARD'],
  ['Pai Gow', 'Pai Gow', 'CARD'],
  ['Mahjong 2 Players', 'Mahjong 2 Jugadores', 'MAHJONG'],
  ['Mahjong Bloody', 'Mahjong Sangriento', 'MAHJONG'],
  ['Mahjong Express', 'Mahjong Exprés', 'MAHJONG'],
  ['Chinese Chess', 'Ajedrez Chino', 'BOARD'],
  ['Ludo King', 'Parchís Rey', 'BOARD'],
  ['Dominoes', 'Dominó', 'BOARD'],
  ['Bull Fight', 'Corrida de Cartas', 'CARD'],
]
/** Room levels for PvP games and rooms. */
export const pvpLevels: readonly [string, string][] = [
  ['Novice', 'Novato'],
  ['Classic', 'Clásico'],
  ['Pro', 'Pro'],
  ['Elite', 'Élite'],
  ['VIP', 'VIP'],
]

/** Sportsbook products: [english, spanish, classification]. */
export const sportsProducts: readonly [string, string, string][] = [
  ['Sportsbook', 'Apuestas Deportivas', 'SPORTSBOOK'],
  ['In-Play Soccer', 'Fútbol en Vivo', 'SPORTSBOOK'],
  ['Basketball Live', 'Baloncesto en Vivo', 'SPORTSBOOK'],
  ['Tennis Live', 'Tenis en Vivo', 'SPORTSBOOK'],
  ['Virtual Football', 'Fútbol Virtual', 'VIRTUAL'],
  ['Virtual Horse Racing', 'Carreras de Caballos Virtuales', 'VIRTUAL'],
]
/** Esports products. */
export const esportsProducts: readonly [string, string][] = [
  ['Esports Arena', 'Arena Esports'],
  ['League Live', 'Liga en Vivo'],
  ['Counter Strike Live', 'Counter Strike en Vivo'],
  ['Dota Live', 'Dota en Vivo'],
  ['Valorant Live', 'Valorant en Vivo'],
  ['Mobile Legends Live', 'Mobile Legends en Vivo'],
]
