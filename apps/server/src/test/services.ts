/** The outside services a suite can need, by the variable that names each. */
const VARIABLES = { postgres: 'DATABASE_URL', redis: 'REDIS_URL' } as const;
export type TestService = keyof typeof VARIABLES;

/**
 * Whether a suite that needs these services runs: `describe.runIf(servicesPresent('postgres'))`.
 * Without them it is skipped, since `npm test` runs the server suites on the embedded defaults
 * (PGlite has one connection, so races cannot run there). CI's PostgreSQL pass sets
 * REQUIRE_SERVICES=1: there a missing variable fails the file, so no suite passes by skipping.
 */
export function servicesPresent(...services: TestService[]): boolean {
  const missing = services.map((s) => VARIABLES[s]).filter((name) => !process.env[name]);
  if (missing.length === 0) return true;
  const required = process.env.REQUIRE_SERVICES;
  if (required === '1' || required === 'true') {
    throw new Error(
      `REQUIRE_SERVICES is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} ` +
        'not: this suite would have been skipped',
    );
  }
  return false;
}
