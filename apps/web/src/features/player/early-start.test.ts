import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEarlyStartSlot } from './early-start';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const slot = (onUnclaimed = vi.fn()) =>
  Object.assign(createEarlyStartSlot<string>({ unclaimedMs: 15_000, onUnclaimed }), {
    onUnclaimed,
  });

describe('the early start slot', () => {
  it('gives a held start to the first taker of its key only', async () => {
    const s = slot();
    s.hold('1/9', Promise.resolve('log-1'));
    expect(s.take('1/8')).toBeUndefined();
    await expect(s.take('1/9')).resolves.toBe('log-1');
    expect(s.take('1/9')).toBeUndefined();
  });

  it('drops a refused start once the refusal arrives: a later start asks the server again', async () => {
    const s = slot();
    let refuse!: (e: Error) => void;
    s.hold('1/9', new Promise<string>((_, reject) => (refuse = reject)));
    refuse(new Error('episode locked'));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.take('1/9')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s.onUnclaimed).not.toHaveBeenCalled();
  });

  it('keeps a failure that is a fault, for the player to take as its first attempt', async () => {
    const s = createEarlyStartSlot<string>({
      unclaimedMs: 15_000,
      onUnclaimed: vi.fn(),
      keepsFailure: (error) => error instanceof Error && error.message === 'server fault',
    });
    const fault = Promise.reject(new Error('server fault'));
    s.hold('1/9', fault);
    await vi.advanceTimersByTimeAsync(0);
    await expect(s.take('1/9')).rejects.toThrow('server fault');
    // a refusal is still dropped with that option
    s.hold('1/8', Promise.reject(new Error('episode locked')));
    await vi.advanceTimersByTimeAsync(0);
    expect(s.take('1/8')).toBeUndefined();
  });

  it('a refusal taken while pending still reaches its taker', async () => {
    const s = slot();
    let refuse!: (e: Error) => void;
    s.hold('1/9', new Promise<string>((_, reject) => (refuse = reject)));
    const taken = s.take('1/9');
    refuse(new Error('episode locked'));
    await expect(taken).rejects.toThrow('episode locked');
  });

  it('hands a start nobody took to onUnclaimed after the wait, and forgets it', async () => {
    const s = slot();
    const response = Promise.resolve('log-2');
    s.hold('2/1', response);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(s.onUnclaimed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(s.onUnclaimed).toHaveBeenCalledWith(response);
    expect(s.take('2/1')).toBeUndefined();
  });

  it('a taken start is not handed to onUnclaimed', async () => {
    const s = slot();
    s.hold('2/1', Promise.resolve('log-3'));
    void s.take('2/1');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(s.onUnclaimed).not.toHaveBeenCalled();
  });

  it('shows an answered start to a peek without giving it away, and nothing before it answers', async () => {
    const s = slot();
    let answer!: (log: string) => void;
    s.hold('1/9', new Promise<string>((resolve) => (answer = resolve)));
    expect(s.peek('1/9')).toBeUndefined();
    answer('log-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.peek('1/8')).toBeUndefined();
    expect(s.peek('1/9')).toBe('log-1');
    expect(s.peek('1/9')).toBe('log-1');
    // the peek left it for the taker, who gets the same answer
    await expect(s.take('1/9')).resolves.toBe('log-1');
    expect(s.peek('1/9')).toBeUndefined();
  });

  it('shows no failure to a peek', async () => {
    const s = createEarlyStartSlot<string>({
      unclaimedMs: 15_000,
      onUnclaimed: vi.fn(),
      keepsFailure: () => true,
    });
    const fault = Promise.reject(new Error('server fault'));
    s.hold('1/9', fault);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.peek('1/9')).toBeUndefined();
    await expect(s.take('1/9')).rejects.toThrow('server fault');
  });
});
