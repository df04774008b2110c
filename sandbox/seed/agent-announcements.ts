import type { Queryable } from '../db/index.ts'

/**
 * Demo announcements to agents (SPEC §2 agentAnnouncement): a few, so the page has something to
 * show on a fresh `npm start` and in tests. Idempotent.
 * @module
 */

const HOUR = 3_600_000

/** The seeded announcements, newest first by `ageHours`. */
export const agentAnnouncementDefs = [
  {
    id: 'AG-ANN-003',
    ageHours: 3,
    titleEn: 'Daily salary paid before 10:00 UTC',
    titleEs: 'El salario diario se paga antes de las 10:00 UTC',
    contentEn: "From this week, daily salaries are paid before 10:00 UTC on yesterday's valid bets. Check My income for each payout.",
    contentEs: 'Desde esta semana, los salarios diarios se pagan antes de las 10:00 UTC sobre las apuestas válidas de ayer. Consulta Mis ingresos para ver cada pago.',
  },
  {
    id: 'AG-ANN-002',
    ageHours: 50,
    titleEn: 'New: invitation codes with QR',
    titleEs: 'Nuevo: códigos de invitación con QR',
    contentEn: 'Create several invitation codes in Account registration, share their links or QR codes, and disable a code when a campaign ends.',
    contentEs: 'Crea varios códigos de invitación en Registro de cuentas, comparte sus enlaces o códigos QR y desactiva un código cuando termine una campaña.',
  },
  {
    id: 'AG-ANN-001',
    ageHours: 240,
    titleEn: 'Welcome to the agent centre',
    titleEs: 'Bienvenido al centro de agentes',
    contentEn: 'Follow your team in Team overview, manage downlines and contracts in Team management, and export every report as CSV.',
    contentEs: 'Sigue a tu equipo en Resumen del equipo, gestiona tus subordinados y contratos en Gestión del equipo y exporta cada informe en CSV.',
  },
] as const

/** Inserts the demo announcements that are missing, dated relative to `now`. */
export async function seedAgentAnnouncements(db: Queryable, now: number): Promise<void> {
  for (const a of agentAnnouncementDefs) {
    await db.query(`INSERT INTO agent_announcements (id, title_en, title_es, content_en, content_es, start_time) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`, [
      a.id,
      a.titleEn,
      a.titleEs,
      a.contentEn,
      a.contentEs,
      now - a.ageHours * HOUR,
    ])
  }
}
