import { describe, expect, it } from 'vitest';
import { acceptSnsMessage } from './sns-message';

const origin = 'https://snapdrama.example';
const started = { method: 'google' as const, state: 'st-1' };
const good = { auth_type: 'sns', auth_method: 'google', code: 'c-1', state: 'st-1' };

describe('acceptSnsMessage', () => {
  it('accepts our own callback for the started method and state', () => {
    expect(acceptSnsMessage({ origin, data: good }, origin, started)).toEqual({
      kind: 'ok',
      message: good,
    });
  });

  it.each([
    ['another origin', { origin: 'https://evil.example', data: good }, started],
    ['not an sns message', { origin, data: { ...good, auth_type: 'pay' } }, started],
    ['another method', { origin, data: { ...good, auth_method: 'kakao' } }, started],
    ['nothing started', { origin, data: good }, null],
    ['a string', { origin, data: 'hello' }, started],
  ])('ignores %s', (_name, event, pending) => {
    expect(acceptSnsMessage(event, origin, pending).kind).toBe('ignore');
  });

  it('reports a state that is not ours as a failure', () => {
    expect(
      acceptSnsMessage({ origin, data: { ...good, state: 'forged' } }, origin, started).kind,
    ).toBe('mismatch');
  });
});
