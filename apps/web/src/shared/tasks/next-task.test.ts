import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves after the current task, not in its microtasks', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('earlier task'), 0);
    const done = nextTask().then(() => order.push('next task'));
    await Promise.resolve();
    order.push('microtask');
    await done;
    expect(order).toEqual(['microtask', 'earlier task', 'next task']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });
    await nextTask();
    expect(yieldTask).toHaveBeenCalledOnce();
  });
});
