interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own: work after `await nextTask()` is not part of the task that ran
 * before it, so two pieces of work are two shorter tasks instead of one long one (what a phone's
 * main thread, and Lighthouse's Total Blocking Time, count). `scheduler.yield()` where the browser
 * has it (the continuation goes before other queued tasks), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
