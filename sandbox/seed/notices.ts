import { welcomePromotion, welcomeTermsText } from '../../sdk/contract/all.ts'

// The welcome promotion's figures, as the platform grants them (one source: sdk/contract/promotion.ts).
const en = welcomeTermsText('en')
const es = welcomeTermsText('es')

/** A seeded notice or announcement (types of SPEC §7: B, PL, PU, PR, H). */
export interface NoticeDef {
  id: string
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H'
  titleEn: string
  titleEs: string
  contentEn: string
  contentEs: string
  /** Promotions carry a cover image (path relative to an image CDN). */
  image: string
  /** Hours before the seed time the notice started. */
  ageHours: number
}

// Images inside notice HTML are absolute sandbox paths: the HTML is rendered as is, not joined to a CDN.
const img = (id: string, alt: string) => `<img src="/sandbox/cdn1/img/promo/${id}.svg" alt="${alt}" width="600" height="150">`

/** Every seeded notice, in display order. */
export const noticeDefs: readonly NoticeDef[] = [
  {
    id: 'N-B-001',
    type: 'B',
    ageHours: 2,
    image: '',
    titleEn: 'Scheduled maintenance: Sunday 02:00–04:00 (UTC+7)',
    titleEs: 'Mantenimiento programado: domingo 02:00–04:00 (UTC+7)',
    contentEn:
      '<p>We are upgrading our payment gateway on <strong>Sunday from 02:00 to 04:00 (UTC+7)</strong>.</p><ul><li>Deposits and withdrawals are paused during the window.</li><li>Slots, live casino and sports stay open.</li><li>Pending withdrawals are processed as soon as the window ends.</li></ul><p>Thank you for your patience.</p>',
    contentEs:
      '<p>Actualizaremos nuestra pasarela de pagos el <strong>domingo de 02:00 a 04:00 (UTC+7)</strong>.</p><ul><li>Los depósitos y retiros se pausan durante ese periodo.</li><li>Tragamonedas, casino en vivo y deportes siguen abiertos.</li><li>Los retiros pendientes se procesan en cuanto termine el mantenimiento.</li></ul><p>Gracias por tu paciencia.</p>',
  },
  {
    id: 'N-B-002',
    type: 'B',
    ageHours: 20,
    image: '',
    titleEn: '120 new slot games from PG Soft, JILI and Pragmatic Play this month',
    titleEs: '120 tragamonedas nuevas de PG Soft, JILI y Pragmatic Play este mes',
    contentEn:
      '<p>This month brings <strong>120 new titles</strong> to the slot lobby. Highlights:</p><ol><li><strong>Golden Dragon Megaways</strong> — up to 117,649 ways to win.</li><li><strong>Rise of the Phoenix</strong> — cascading reels with a 10x multiplier.</li><li><strong>Lucky Koi Hold &amp; Win</strong> — collect coins to fill the grid.</li></ol><p>Find them under <a href="/rng">Slots</a> with the <em>Hot</em> tab.</p>',
    contentEs:
      '<p>Este mes llegan <strong>120 títulos nuevos</strong> al lobby de tragamonedas. Destacados:</p><ol><li><strong>Dragón Dorado Megaways</strong>: hasta 117.649 formas de ganar.</li><li><strong>El Ascenso del Fénix</strong>: rodillos en cascada con multiplicador x10.</li><li><strong>Koi Afortunado Retén y Gana</strong>: reúne monedas para llenar la cuadrícula.</li></ol><p>Encuéntralos en <a href="/rng">Tragamonedas</a> con la pestaña <em>Popular</em>.</p>',
  },
  {
    id: 'N-B-003',
    type: 'B',
    ageHours: 50,
    image: '',
    titleEn: 'Protect your account: we never ask for your password',
    titleEs: 'Protege tu cuenta: nunca te pediremos tu contraseña',
    contentEn:
      '<p>Our staff will <strong>never</strong> ask for your password or SMS code by phone, chat or e-mail.</p><ul><li>Use a password of more than 6 characters mixing letters and numbers.</li><li>Change it from <em>Member center → My account</em>.</li><li>Report suspicious messages to live chat.</li></ul>',
    contentEs:
      '<p>Nuestro personal <strong>nunca</strong> te pedirá tu contraseña ni tu código SMS por teléfono, chat o correo.</p><ul><li>Usa una contraseña de más de 6 caracteres que combine letras y números.</li><li>Cámbiala en <em>Centro de miembros → Mi cuenta</em>.</li><li>Informa de mensajes sospechosos al chat en vivo.</li></ul>',
  },
  {
    id: 'N-PL-001',
    type: 'PL',
    ageHours: 6,
    image: '',
    titleEn: 'Withdrawals now arrive in under 5 minutes',
    titleEs: 'Los retiros ahora llegan en menos de 5 minutos',
    contentEn:
      '<p>Bank transfer withdrawals are now processed automatically. <strong>95% arrive within 5 minutes.</strong></p><p>Make sure your real name matches the name on your bank account, in capital letters, or the transfer will be rejected.</p>',
    contentEs:
      '<p>Los retiros por transferencia bancaria ahora se procesan automáticamente. <strong>El 95 % llega en menos de 5 minutos.</strong></p><p>Asegúrate de que tu nombre real coincida con el titular de tu cuenta bancaria, en mayúsculas, o la transferencia será rechazada.</p>',
  },
  {
    id: 'N-PL-002',
    type: 'PL',
    ageHours: 30,
    image: '',
    titleEn: 'Responsible gaming: know what you spend',
    titleEs: 'Juego responsable: sabe cuánto gastas',
    contentEn:
      '<p>Your <strong>betting record</strong> and <strong>account record</strong> in the <em>Member centre</em> show every round, deposit and withdrawal.</p><p>Play for fun, only with money you can afford to lose. Members must be of legal age (18 or older).</p>',
    contentEs:
      '<p>Tu <strong>historial de apuestas</strong> y los <strong>movimientos de la cuenta</strong>, en el <em>Centro de miembros</em>, muestran cada ronda, depósito y retiro.</p><p>Juega para divertirte y solo con dinero que puedas permitirte perder. Debes ser mayor de edad (18 años o más).</p>',
  },
  {
    id: 'N-PL-003',
    type: 'PL',
    ageHours: 75,
    image: '',
    titleEn: 'Vietnamese lottery: Mien Bac results now live at 18:15',
    titleEs: 'Lotería vietnamita: resultados de Mien Bac en vivo a las 18:15',
    contentEn:
      '<p>Follow the Northern region draw live every day at <strong>18:15 (UTC+7)</strong> in the <a href="/vnlottery">VN lottery</a> lobby. Betting closes 15 minutes before the draw.</p>',
    contentEs:
      '<p>Sigue el sorteo de la región norte en vivo cada día a las <strong>18:15 (UTC+7)</strong> en el lobby de <a href="/vnlottery">lotería VN</a>. Las apuestas cierran 15 minutos antes del sorteo.</p>',
  },
  {
    id: 'N-PU-001',
    type: 'PU',
    ageHours: 1,
    image: '',
    titleEn: `Welcome! ${en.percent} on your first deposit`,
    titleEs: `¡Bienvenido! ${es.percent} en tu primer depósito`,
    contentEn: `<p>Claim <strong>${welcomePromotion.code}</strong> on the deposit page and we add a <strong>${en.percent} bonus up to ${en.maxBonus}</strong> to your paid deposit, once.</p>${img('N-PR-001', 'Welcome bonus')}<ul><li>Until ${en.turnover}× the bonus has been staked in settled rounds, that much of your balance cannot be withdrawn.</li></ul><p><a href="/promotions">See all promotions</a></p>`,
    contentEs: `<p>Elige <strong>${welcomePromotion.code}</strong> en la página de depósito y añadimos un <strong>bono del ${es.percent} hasta ${es.maxBonus}</strong> a tu depósito pagado, una vez.</p>${img('N-PR-001', 'Bono de bienvenida')}<ul><li>Hasta que hayas apostado ${es.turnover} veces el bono en rondas liquidadas, esa parte del saldo no se puede retirar.</li></ul><p><a href="/promotions">Ver todas las promociones</a></p>`,
  },
  {
    id: 'N-PU-002',
    type: 'PU',
    ageHours: 12,
    image: '',
    titleEn: 'Download the app and get 20 free spins',
    titleEs: 'Descarga la app y recibe 20 giros gratis',
    contentEn: '<p>Install our app for iOS or Android and log in once to receive <strong>20 free spins</strong> on <em>Lucky Koi</em>.</p><p><a href="/down">Download now</a></p>',
    contentEs:
      '<p>Instala nuestra app para iOS o Android e inicia sesión una vez para recibir <strong>20 giros gratis</strong> en <em>Koi Afortunado</em>.</p><p><a href="/down">Descargar ahora</a></p>',
  },
  {
    id: 'N-PR-001',
    type: 'PR',
    ageHours: 3,
    image: 'img/promo/N-PR-001.svg',
    titleEn: `${en.percent} welcome bonus up to ${en.maxBonus}`,
    titleEs: `Bono de bienvenida del ${es.percent} hasta ${es.maxBonus}`,
    contentEn: `${img('N-PR-001', 'Welcome bonus')}<h3>How it works</h3><ol><li>On the deposit page, tick <strong>${welcomePromotion.code}</strong>.</li><li>When the deposit is paid, ${en.percent} of it is added as a bonus, up to <strong>${en.maxBonus}</strong>.</li><li>Until <strong>${en.turnover}×</strong> the bonus has been staked in settled rounds, that much of the balance cannot be withdrawn.</li></ol><h3>Terms</h3><ul><li>Once per member.</li></ul>`,
    contentEs: `${img('N-PR-001', 'Bono de bienvenida')}<h3>Cómo funciona</h3><ol><li>En la página de depósito, marca <strong>${welcomePromotion.code}</strong>.</li><li>Cuando el depósito se paga, se añade el ${es.percent} como bono, hasta <strong>${es.maxBonus}</strong>.</li><li>Hasta que hayas apostado <strong>${es.turnover} veces</strong> el bono en rondas liquidadas, esa parte del saldo no se puede retirar.</li></ol><h3>Condiciones</h3><ul><li>Una vez por miembro.</li></ul>`,
  },
  {
    id: 'N-PR-002',
    type: 'PR',
    ageHours: 26,
    image: 'img/promo/N-PR-002.svg',
    titleEn: 'Daily rebate: 1.2% back on every slot bet',
    titleEs: 'Reembolso diario: 1,2 % de cada apuesta en tragamonedas',
    contentEn: `${img('N-PR-002', 'Daily rebate')}<p>Every day at 12:00 we credit <strong>1.2% of yesterday's valid slot bets</strong>, win or lose.</p><table><thead><tr><th>VIP level</th><th>Slots</th><th>Live</th></tr></thead><tbody><tr><td>1–3</td><td>1.2%</td><td>0.6%</td></tr><tr><td>4–6</td><td>1.5%</td><td>0.8%</td></tr><tr><td>7+</td><td>2.0%</td><td>1.0%</td></tr></tbody></table><p>No wagering requirement on rebates.</p>`,
    contentEs: `${img('N-PR-002', 'Reembolso diario')}<p>Cada día a las 12:00 abonamos <strong>el 1,2 % de las apuestas válidas de ayer en tragamonedas</strong>, ganes o pierdas.</p><table><thead><tr><th>Nivel VIP</th><th>Tragamonedas</th><th>En vivo</th></tr></thead><tbody><tr><td>1–3</td><td>1,2 %</td><td>0,6 %</td></tr><tr><td>4–6</td><td>1,5 %</td><td>0,8 %</td></tr><tr><td>7+</td><td>2,0 %</td><td>1,0 %</td></tr></tbody></table><p>Los reembolsos no tienen requisito de apuesta.</p>`,
  },
  {
    id: 'N-PR-003',
    type: 'PR',
    ageHours: 48,
    image: 'img/promo/N-PR-003.svg',
    titleEn: 'Invite a friend, both get 50.00',
    titleEs: 'Invita a un amigo y ambos reciben 50,00',
    contentEn: `${img('N-PR-003', 'Referral bonus')}<p>Share your referral link from <em>Member center → Invite friends</em>. When your friend deposits 100.00 or more, <strong>you both receive 50.00</strong>.</p><ul><li>Up to 20 friends per month.</li><li>Bonus wagering 5x.</li></ul>`,
    contentEs: `${img('N-PR-003', 'Bono por referido')}<p>Comparte tu enlace de referido desde <em>Centro de miembros → Invitar amigos</em>. Cuando tu amigo deposite 100,00 o más, <strong>ambos reciben 50,00</strong>.</p><ul><li>Hasta 20 amigos al mes.</li><li>Requisito de apuesta del bono: 5 veces.</li></ul>`,
  },
  {
    id: 'N-PR-004',
    type: 'PR',
    ageHours: 72,
    image: 'img/promo/N-PR-004.svg',
    titleEn: 'Live casino weekend: 10% cashback on net losses',
    titleEs: 'Fin de semana de casino en vivo: 10 % de reembolso en pérdidas netas',
    contentEn: `${img('N-PR-004', 'Live casino cashback')}<p>From Friday 18:00 to Sunday 23:59, get <strong>10% of your net live casino losses back</strong>, up to 1,000.00.</p><p>Cashback is credited on Monday before 12:00 and can be withdrawn at once.</p>`,
    contentEs: `${img('N-PR-004', 'Reembolso en casino en vivo')}<p>Del viernes a las 18:00 al domingo a las 23:59, recupera <strong>el 10 % de tus pérdidas netas en casino en vivo</strong>, hasta 1.000,00.</p><p>El reembolso se abona el lunes antes de las 12:00 y puede retirarse de inmediato.</p>`,
  },
  {
    id: 'N-PR-005',
    type: 'PR',
    ageHours: 100,
    image: 'img/promo/N-PR-005.svg',
    titleEn: 'Sports: free bet of 20.00 on your first accumulator',
    titleEs: 'Deportes: apuesta gratis de 20,00 en tu primera combinada',
    contentEn: `${img('N-PR-005', 'Sports free bet')}<p>Place an accumulator of <strong>3 or more selections</strong> at odds of 1.50 or higher each. If one selection loses, we refund your stake as a 20.00 free bet.</p>`,
    contentEs: `${img('N-PR-005', 'Apuesta gratis en deportes')}<p>Haz una combinada de <strong>3 o más selecciones</strong> con cuota de 1,50 o más cada una. Si falla una selección, te devolvemos la apuesta como apuesta gratis de 20,00.</p>`,
  },
  {
    id: 'N-H-001',
    type: 'H',
    ageHours: 8,
    image: '',
    titleEn: 'How to deposit in three steps',
    titleEs: 'Cómo depositar en tres pasos',
    contentEn:
      '<ol><li>Open <strong>Deposit</strong> from the menu under your balance.</li><li>Choose a method and enter the amount.</li><li>Confirm; the balance updates as soon as the payment is received.</li></ol><p>Questions? <a href="/help">Visit the help centre</a>.</p>',
    contentEs:
      '<ol><li>Abre <strong>Depositar</strong> en el menú bajo tu saldo.</li><li>Elige un método e introduce el importe.</li><li>Confirma; el saldo se actualiza en cuanto se recibe el pago.</li></ol><p>¿Dudas? <a href="/help">Visita el centro de ayuda</a>.</p>',
  },
  {
    id: 'N-H-002',
    type: 'H',
    ageHours: 90,
    image: '',
    titleEn: 'Customer service is open 24/7',
    titleEs: 'Atención al cliente disponible 24/7',
    contentEn: '<p>Reach us any time by <strong>live chat</strong>, WhatsApp or Telegram using the icons on the right of the page. Average answer time: under 1 minute.</p>',
    contentEs:
      '<p>Contáctanos a cualquier hora por <strong>chat en vivo</strong>, WhatsApp o Telegram con los iconos a la derecha de la página. Tiempo medio de respuesta: menos de 1 minuto.</p>',
  },
]

/** A seeded banner. */
export interface BannerDef {
  group: string
  titleEn: string
  titleEs: string
  linkageType: '' | 'URL' | 'ROUTE' | 'GAME' | 'PROMOTION'
  linkage: string
  color: string
}

const b = (group: string, titleEn: string, titleEs: string, color: string, linkageType: BannerDef['linkageType'] = '', linkage = ''): BannerDef => ({
  group,
  titleEn,
  titleEs,
  color,
  linkageType,
  linkage,
})

/** Banners for every route group of SPEC §2; w_help has exactly one. */
export const bannerDefs: readonly BannerDef[] = [
  b('w_home', `Welcome bonus ${en.percent} up to ${en.maxBonus}`, `Bono de bienvenida del ${es.percent} hasta ${es.maxBonus}`, '#0b5d3b', 'PROMOTION', 'N-PR-001'),
  b('w_home', '10,000 games, one account', '10.000 juegos, una sola cuenta', '#1e3a8a', 'ROUTE', '/rng'),
  b('w_home', 'Live casino weekend cashback', 'Reembolso de fin de semana en casino en vivo', '#7c2d12', 'PROMOTION', 'N-PR-004'),
  b('w_rng', 'Golden Dragon Megaways is here', 'Llegó Dragón Dorado Megaways', '#b45309', 'GAME', 'PG-0001'),
  b('w_rng', 'Daily rebate 1.2% on slots', 'Reembolso diario del 1,2 % en tragamonedas', '#0f766e', 'PROMOTION', 'N-PR-002'),
  b('w_live', 'Real dealers, around the clock', 'Crupieres reales, a toda hora', '#581c87'),
  b('w_live', 'Sexy Baccarat: new tables', 'Sexy Baccarat: mesas nuevas', '#9d174d', 'ROUTE', '/live'),
  b('w_fish', 'Ocean hunters: catch the golden shark', 'Cazadores del océano: atrapa el tiburón dorado', '#075985', 'ROUTE', '/fish'),
  b('w_pvp', 'Poker rooms open 24/7', 'Salas de póquer abiertas 24/7', '#991b1b'),
  b('w_pvp', 'Mahjong Palace tournament', 'Torneo Mahjong Palace', '#4338ca', 'ROUTE', '/pvp'),
  b('w_sports', 'Free bet on your first accumulator', 'Apuesta gratis en tu primera combinada', '#14532d', 'PROMOTION', 'N-PR-005'),
  b('w_sports', 'Live odds on 30,000 matches a month', 'Cuotas en vivo en 30.000 partidos al mes', '#1e40af', 'ROUTE', '/fbsports'),
  b('w_esports', 'Esports: bet on every map', 'Esports: apuesta en cada mapa', '#3b0764', 'ROUTE', '/esports'),
  b('w_lott', 'Fast lottery: a draw every minute', 'Lotería rápida: un sorteo cada minuto', '#7e22ce', 'ROUTE', '/lottery'),
  b('w_lott', 'Vietnamese lottery results at 18:15', 'Resultados de la lotería vietnamita a las 18:15', '#b91c1c', 'ROUTE', '/vnlottery'),
  b('w_cockfight', 'Sabong live from the arena', 'Sabong en vivo desde la arena', '#9a3412', 'ROUTE', '/cockfight'),
  b('w_promotion', 'Invite a friend, both get 50.00', 'Invita a un amigo y ambos reciben 50,00', '#0e7490', 'PROMOTION', 'N-PR-003'),
  b('w_promotion', 'All promotions in one place', 'Todas las promociones en un solo lugar', '#065f46'),
  b('w_shop', 'Trade points for rewards', 'Canjea puntos por recompensas', '#a16207', 'ROUTE', '/pointMall'),
  b('w_help', 'We are here to help, 24/7', 'Estamos para ayudarte, 24/7', '#128547', 'ROUTE', '/helpmc#chat'),
  b('w_reg', 'Sign up in 30 seconds', 'Regístrate en 30 segundos', '#1d4ed8'),
  b('w_reg', 'Your first deposit doubled', 'Tu primer depósito, duplicado', '#0b5d3b', 'PROMOTION', 'N-PR-001'),
  b('w_login', 'Welcome back', 'Bienvenido de nuevo', '#334155'),
  b('w_forget', 'Reset your password safely', 'Restablece tu contraseña con seguridad', '#475569'),
]
