import { mkdir, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('one process per embedded data folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snapdrama-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // opening and migrating PGlite twice: the harness gives a database's set-up 120 s (hookTimeout)
  it(
    'refuses a second opening of the same folder, and opens it again once the first is closed',
    { timeout: 120_000 },
    async () => {
      const folder = path.join(dir, 'pglite');
      const first = await openPglite(folder);
      try {
        await first.migrate();
        const second = openPglite(folder, { waitMs: 300 });
        await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
        await expect(second).rejects.toThrow(/in use by another SnapDrama process/);
        // the refused opening touched nothing: the first still works
        await first.ping();
      } finally {
        await first.close();
      }
      await expect(stat(`${folder}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
      const again = await openPglite(folder, { waitMs: 300 });
      try {
        await again.ping();
      } finally {
        await again.close();
      }
    },
  );

  it('keeps the lock of a live holder whose refresh came late (a busy event loop)', async () => {
    const folder = path.join(dir, 'busy');
    await mkdir(folder);
    const release = await lockDataDir(folder, { staleMs: 2_000, onCompromised: () => undefined });
    // as if this process had been too busy to refresh it for a minute
    const old = new Date(Date.now() - 60_000);
    await utimes(`${folder}.lock`, old, old);
    await expect(lockDataDir(folder, { staleMs: 2_000, waitMs: 300 })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    await release();
    // released: the next one takes it at once
    const next = await lockDataDir(folder, { staleMs: 2_000, waitMs: 300 });
    await next();
  });

  it('takes over the lock of a process that died without releasing it, once it is stale', async () => {
    const folder = path.join(dir, 'data');
    await mkdir(folder);
    // what a killed process leaves: the lock folder, no longer refreshed
    await mkdir(`${folder}.lock`);
    const old = new Date(Date.now() - 60_000);
    await utimes(`${folder}.lock`, old, old);
    const release = await lockDataDir(folder, { staleMs: 2_000, waitMs: 300 });
    await expect(lockDataDir(folder, { staleMs: 2_000, waitMs: 300 })).rejects.toBeInstanceOf(
      DataDirInUseError,
    );
    await release();
  });

  it('waits for a dead holder whose lock goes stale meanwhile, and holds it once taken', async () => {
    const folder = path.join(dir, 'late');
    await mkdir(folder);
    const crashed = Date.now();
    await mkdir(`${folder}.lock`);
    // fresh now, stale 2 s after the crash: a restart right after it waits, then takes over
    const release = await lockDataDir(folder, { staleMs: 2_000, waitMs: 4_000 });
    const waited = Date.now() - crashed;
    try {
      // not before the lock went stale (less a little for the clock's and the file time's grain)
      expect(waited).toBeGreaterThanOrEqual(1_900);
      // and it is this process's now: another opening is refused
      await expect(lockDataDir(folder, { staleMs: 2_000, waitMs: 300 })).rejects.toBeInstanceOf(
        DataDirInUseError,
      );
    } finally {
      await release();
    }
  });

  it('gives up on a live holder only after waiting as long as it was told', async () => {
    const folder = path.join(dir, 'busy');
    await mkdir(folder);
    const release = await lockDataDir(folder, { staleMs: 2_000 });
    try {
      const started = Date.now();
      await expect(lockDataDir(folder, { staleMs: 2_000, waitMs: 1_000 })).rejects.toBeInstanceOf(
        DataDirInUseError,
      );
      const waited = Date.now() - started;
      // refused, not taken over: the holder refreshes its lock, so it never looked stale
      expect(waited).toBeGreaterThanOrEqual(900);
    } finally {
      await release();
    }
  });
});
