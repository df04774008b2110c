import { defineConfig } from 'vitest/config'

// Unit tests live beside their modules; tests/contract holds cross-room contract tests; tests/security
// replays attacks against a real sandbox.
// Playwright journeys (tests/e2e) are run by Playwright, not Vitest.
export default defineConfig({
  test: {
    include: [
      'sdk/**/*.test.ts',
      'site/lib/**/*.test.ts',
      'widgets/**/*.test.{ts,tsx}',
      'sandbox/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ],
    exclude: ['node_modules', 'dist', '.data', 'tests/e2e/**'],
    // Logins verify scrypt hashes at OWASP cost (~0.3 s each on a quiet core); allow for a loaded machine.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // The seeded template is built once here, not inside the first file's beforeAll.
    globalSetup: ['tests/template-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
  },
})
