// `client:paint` (site/directives/paint.ts) for the type checker of .astro files.
declare module 'astro' {
  interface AstroClientDirectives {
    'client:paint'?: boolean | 'idle' | 'visible' | 'press' | 'wake'
  }
}
export {}
