import { SOCIAL_METHODS, type SocialMethod } from '@snapdrama/contract';

/** Fallback route of callback messages when the popup lost its opener (same origin only). */
export const SNS_CHANNEL = 'snapdrama-sns';

/** What a callback page posts to the window that opened it (spec §2, §4). */
export interface SnsMessage {
  auth_type: 'sns';
  auth_method: SocialMethod;
  code: string;
  state: string;
}

export function isSnsMessage(data: unknown): data is SnsMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.auth_type === 'sns' &&
    typeof m.auth_method === 'string' &&
    (SOCIAL_METHODS as readonly string[]).includes(m.auth_method) &&
    typeof m.code === 'string' &&
    typeof m.state === 'string'
  );
}

/**
 * Whether a message event completes the sign-in we started: our own origin only, auth type sns,
 * the method that was started, and the state the server gave us (spec §4).
 */
export function acceptSnsMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string,
  started: { method: SocialMethod; state: string } | null,
): { kind: 'ignore' } | { kind: 'mismatch' } | { kind: 'ok'; message: SnsMessage } {
  if (event.origin !== ownOrigin || !started || !isSnsMessage(event.data))
    return { kind: 'ignore' };
  if (event.data.auth_method !== started.method) return { kind: 'ignore' };
  if (event.data.state !== started.state || !event.data.code) return { kind: 'mismatch' };
  return { kind: 'ok', message: event.data };
}
