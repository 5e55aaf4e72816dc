import { describe, expect, it } from 'vitest';
import { APPLE_API_BASES, iapConfig } from './iap.config';

const APPLE_KEY = {
  APPLE_IAP_ISSUER_ID: '11111111-2222-4333-8444-555555555555',
  APPLE_IAP_KEY_ID: 'ABCDE12345',
  APPLE_IAP_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
};

describe('IAP config', () => {
  it('uses the stand-ins outside production when no store keys are set', () => {
    const problems: string[] = [];
    const config = iapConfig({ NODE_ENV: 'development' }, problems);
    expect(problems).toEqual([]);
    expect(config).toMatchObject({
      sandbox: true,
      google: { serviceAccount: undefined, rtdn: undefined, packageName: 'com.snapdrama.app' },
      apple: { live: undefined },
    });
  });

  it('never turns the stand-ins on in production', () => {
    const problems: string[] = [];
    expect(iapConfig({ NODE_ENV: 'production' }, problems).sandbox).toBe(false);
    iapConfig({ NODE_ENV: 'production', IAP_SANDBOX: 'true' }, problems);
    expect(problems.join('\n')).toContain('IAP_SANDBOX');
  });

  it('reads the service account (with literal \\n) and asks for pairs set together', () => {
    const problems: string[] = [];
    const config = iapConfig(
      {
        GOOGLE_PLAY_SERVICE_ACCOUNT_EMAIL: 'a@b.iam.gserviceaccount.com',
        GOOGLE_PLAY_SERVICE_ACCOUNT_KEY:
          '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
        GOOGLE_RTDN_AUDIENCE: 'aud',
      },
      problems,
    );
    expect(config.google.serviceAccount?.privateKey).toContain('\nabc\n');
    expect(problems.join('\n')).toContain('GOOGLE_RTDN_SERVICE_ACCOUNT');
  });

  it('wants the app Apple ID with Production roots, and refuses unreadable roots', () => {
    const problems: string[] = [];
    iapConfig({ APPLE_IAP_ROOT_CERTIFICATES: 'no/such/AppleRootCA-G3.cer' }, problems);
    expect(problems.join('\n')).toContain('APPLE_IAP_ROOT_CERTIFICATES');
    const der = Buffer.alloc(300, 1).toString('base64');
    const more: string[] = [];
    const config = iapConfig({ APPLE_IAP_ROOT_CERTIFICATES: der, ...APPLE_KEY }, more);
    expect(more.join('\n')).toContain('APPLE_IAP_APP_APPLE_ID');
    expect(config.apple.live?.onlineChecks).toBe(true);
  });

  it('reads the App Store Server API key (literal \\n allowed) and points at the environment host', () => {
    const der = Buffer.alloc(300, 1).toString('base64');
    const problems: string[] = [];
    const roots = { APPLE_IAP_ROOT_CERTIFICATES: der, APPLE_IAP_APP_APPLE_ID: '1234' };
    const production = iapConfig({ ...roots, ...APPLE_KEY }, problems);
    expect(problems).toEqual([]);
    expect(production.apple.live).toMatchObject({
      environment: 'Production',
      apiBase: APPLE_API_BASES.Production,
      apiKey: { issuerId: APPLE_KEY.APPLE_IAP_ISSUER_ID, keyId: APPLE_KEY.APPLE_IAP_KEY_ID },
    });
    expect(production.apple.live?.apiKey.privateKey).toContain('\nabc\n');
    const sandbox = iapConfig(
      { ...roots, ...APPLE_KEY, APPLE_IAP_ENVIRONMENT: 'Sandbox' },
      problems,
    );
    expect(sandbox.apple.live?.apiBase).toBe(APPLE_API_BASES.Sandbox);
    const proxied = iapConfig(
      { ...roots, ...APPLE_KEY, APPLE_IAP_API_BASE: 'http://127.0.0.1:9/apple/' },
      problems,
    );
    expect(proxied.apple.live?.apiBase).toBe('http://127.0.0.1:9/apple');
    expect(problems).toEqual([]);
  });

  it('refuses a partial App Store Server API key, live roots without it, and it without roots', () => {
    const der = Buffer.alloc(300, 1).toString('base64');
    const partial: string[] = [];
    iapConfig({ APPLE_IAP_ISSUER_ID: 'issuer', APPLE_IAP_KEY_ID: 'KEY' }, partial);
    expect(partial.join('\n')).toContain('APPLE_IAP_PRIVATE_KEY: required');
    const rootsOnly: string[] = [];
    const config = iapConfig(
      { APPLE_IAP_ROOT_CERTIFICATES: der, APPLE_IAP_ENVIRONMENT: 'Sandbox' },
      rootsOnly,
    );
    expect(rootsOnly.join('\n')).toMatch(
      /APPLE_IAP_ISSUER_ID, APPLE_IAP_KEY_ID, APPLE_IAP_PRIVATE_KEY: required with APPLE_IAP_ROOT_CERTIFICATES/,
    );
    expect(config.apple.live).toBeUndefined();
    const keyOnly: string[] = [];
    iapConfig({ ...APPLE_KEY }, keyOnly);
    expect(keyOnly.join('\n')).toContain('APPLE_IAP_ROOT_CERTIFICATES: required');
    // none at all: the stand-in (outside production), no problem
    const none: string[] = [];
    expect(iapConfig({}, none).apple.live).toBeUndefined();
    expect(none).toEqual([]);
  });
});
