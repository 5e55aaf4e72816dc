import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

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
});

export interface PushConfig {
  /** undefined: push is off (production without keys) */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  pollMs: number;
  worker: 'embedded' | 'off';
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
  };
}
