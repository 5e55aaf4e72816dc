import { describe, expect, it } from 'vitest';
import { iapConfig } from './iap.config';

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
    const config = iapConfig({ APPLE_IAP_ROOT_CERTIFICATES: der }, more);
    expect(more.join('\n')).toContain('APPLE_IAP_APP_APPLE_ID');
    expect(config.apple.live?.onlineChecks).toBe(true);
  });
});
