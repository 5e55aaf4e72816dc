import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { ApnsOptions, FcmOptions } from './push-native';

/**
 * Push reminders (decision 1520): the VAPID keys that sign Web Push requests, and the send job's
 * pace. Production sets its own keys (without them push is off); elsewhere a key pair is made once
 * and kept in the data folder, so `npm start` works with no step and subscriptions survive a
 * restart. Documented in .env.example.
 */
const pushEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /** who the push services can reach about our sends: mailto: or https: */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /** how often the send job looks for due reminders and the scheduled triggers run */
  PUSH_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /** 'embedded': the API process runs the send job; 'off': only `npm run worker` does */
  PUSH_WORKER: z.enum(['embedded', 'off']).default('embedded'),
  /** FCM HTTP v1 for the Android wrapper: the Firebase project and a service account of it */
  FCM_PROJECT_ID: z.string().min(1).optional(),
  FCM_SERVICE_ACCOUNT_EMAIL: z.string().min(3).optional(),
  FCM_SERVICE_ACCOUNT_KEY: z.string().min(20).optional(),
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  /** APNs for the iOS wrapper: the .p8 key, its id, the team and the app's bundle id */
  APNS_KEY_ID: z.string().min(1).optional(),
  APNS_TEAM_ID: z.string().min(1).optional(),
  APNS_PRIVATE_KEY: z.string().min(20).optional(),
  APNS_BUNDLE_ID: z.string().min(1).optional(),
  APNS_ORIGIN: z.url().default('https://api.push.apple.com'),
});

export interface PushConfig {
  /** undefined: push is off (production without keys) */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  pollMs: number;
  worker: 'embedded' | 'off';
  /** the wrapper's push services; a platform without one goes to the stand-in (demo) */
  fcm?: FcmOptions;
  apns?: Omit<ApnsOptions, 'ca'>;
}

/** A PEM given in one line of the environment, with its line breaks written as \\n. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

function nativeServices(e: z.infer<typeof pushEnv>, problems: string[]) {
  const fcmSet = [e.FCM_PROJECT_ID, e.FCM_SERVICE_ACCOUNT_EMAIL, e.FCM_SERVICE_ACCOUNT_KEY];
  const apnsSet = [e.APNS_KEY_ID, e.APNS_TEAM_ID, e.APNS_PRIVATE_KEY, e.APNS_BUNDLE_ID];
  const all = (values: (string | undefined)[]) => values.every(Boolean);
  const none = (values: (string | undefined)[]) => !values.some(Boolean);
  if (!all(fcmSet) && !none(fcmSet))
    problems.push(
      '  FCM_PROJECT_ID, FCM_SERVICE_ACCOUNT_EMAIL, FCM_SERVICE_ACCOUNT_KEY: all or none',
    );
  if (!all(apnsSet) && !none(apnsSet))
    problems.push('  APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY, APNS_BUNDLE_ID: all or none');
  return {
    fcm:
      e.FCM_PROJECT_ID && e.FCM_SERVICE_ACCOUNT_EMAIL && e.FCM_SERVICE_ACCOUNT_KEY
        ? {
            projectId: e.FCM_PROJECT_ID,
            serviceAccount: {
              clientEmail: e.FCM_SERVICE_ACCOUNT_EMAIL,
              privateKey: pem(e.FCM_SERVICE_ACCOUNT_KEY),
            },
            apiBase: e.FCM_API_URL.replace(/\/$/, ''),
            tokenUrl: e.FCM_TOKEN_URL,
          }
        : undefined,
    apns:
      e.APNS_KEY_ID && e.APNS_TEAM_ID && e.APNS_PRIVATE_KEY && e.APNS_BUNDLE_ID
        ? {
            keyId: e.APNS_KEY_ID,
            teamId: e.APNS_TEAM_ID,
            privateKey: pem(e.APNS_PRIVATE_KEY),
            bundleId: e.APNS_BUNDLE_ID,
            origin: e.APNS_ORIGIN.replace(/\/$/, ''),
          }
        : undefined,
  };
}

function devVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, '.vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export function pushConfig(
  source: NodeJS.ProcessEnv,
  problems: string[],
  dataDir: string,
): PushConfig {
  const parsed = pushEnv.safeParse(source);
  if (!parsed.success) {
    for (const i of parsed.error.issues) problems.push(`  ${i.path.join('.')}: ${i.message}`);
    return { vapid: undefined, pollMs: 30_000, worker: 'off' };
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    return { vapid: undefined, pollMs: e.PUSH_POLL_MS, worker: e.PUSH_WORKER };
  }
  const production = e.NODE_ENV === 'production';
  if (production && e.VAPID_PUBLIC_KEY && !e.VAPID_SUBJECT) {
    problems.push('  VAPID_SUBJECT: required with VAPID keys in production');
  }
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : production
        ? undefined
        : devVapidKeys(dataDir);
  return {
    vapid: keys
      ? { ...keys, subject: e.VAPID_SUBJECT ?? 'mailto:push@example.invalid' }
      : undefined,
    pollMs: e.PUSH_POLL_MS,
    worker: e.PUSH_WORKER,
    ...nativeServices(e, problems),
  };
}
