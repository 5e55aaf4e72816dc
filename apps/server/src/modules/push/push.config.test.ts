import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { pushConfig } from './push.config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'push-config-'));

it('FCM and APNs are configured whole (a PEM in one line keeps its line breaks), or not at all', () => {
  const problems: string[] = [];
  const config = pushConfig(
    {
      NODE_ENV: 'test',
      FCM_PROJECT_ID: 'demo',
      FCM_SERVICE_ACCOUNT_EMAIL: 'push@demo.iam.gserviceaccount.com',
      FCM_SERVICE_ACCOUNT_KEY: '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----',
      APNS_KEY_ID: 'KEY1234567',
    },
    problems,
    dataDir(),
  );
  expect(config.fcm).toEqual({
    projectId: 'demo',
    serviceAccount: {
      clientEmail: 'push@demo.iam.gserviceaccount.com',
      privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
    },
    apiBase: 'https://fcm.googleapis.com',
    tokenUrl: 'https://oauth2.googleapis.com/token',
  });
  expect(config.apns).toBeUndefined();
  expect(problems).toEqual([
    '  APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY, APNS_BUNDLE_ID: all or none',
  ]);
});

it('without them both platforms go to the stand-in, with no problem', () => {
  const problems: string[] = [];
  const config = pushConfig({ NODE_ENV: 'test' }, problems, dataDir());
  expect(config.fcm).toBeUndefined();
  expect(config.apns).toBeUndefined();
  expect(problems).toEqual([]);
});
