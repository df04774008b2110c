/** UI state shared by islands (dialogs, loader): state only, no rendering. */
export * from './dialogs.ts'
export * from './chunk.ts'
