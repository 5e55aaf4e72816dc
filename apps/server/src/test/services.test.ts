import { afterEach, describe, expect, it, vi } from 'vitest';
import { servicesPresent } from './services';

describe('suites gated on PostgreSQL and Redis', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('run when every service they need is named', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://db/test');
    vi.stubEnv('REDIS_URL', 'redis://cache');
    vi.stubEnv('REQUIRE_SERVICES', '1');
    expect(servicesPresent('postgres')).toBe(true);
    expect(servicesPresent('postgres', 'redis')).toBe(true);
  });

  it('are skipped without them on the embedded pass', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://db/test');
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('REQUIRE_SERVICES', '');
    expect(servicesPresent('postgres')).toBe(true);
    expect(servicesPresent('redis')).toBe(false);
    expect(servicesPresent('postgres', 'redis')).toBe(false);
  });

  it('fail, naming what is missing, when the services are required', () => {
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('REDIS_URL', '');
    vi.stubEnv('REQUIRE_SERVICES', '1');
    expect(() => servicesPresent('postgres', 'redis')).toThrow(
      'REQUIRE_SERVICES is set but DATABASE_URL and REDIS_URL are not',
    );
    vi.stubEnv('REDIS_URL', 'redis://cache');
    expect(() => servicesPresent('postgres', 'redis')).toThrow(/but DATABASE_URL is not/);
    vi.stubEnv('REQUIRE_SERVICES', 'true');
    expect(() => servicesPresent('postgres')).toThrow(/DATABASE_URL/);
  });
});
