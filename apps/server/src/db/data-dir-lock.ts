import { readFile, rm, writeFile } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

/** Another process (a second `npm start`, the operator CLI) holds the embedded database. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `The embedded database in ${dir} is in use by another SnapDrama process (the server, a ` +
        'worker or the operator CLI). PGlite is one process: stop that one first, or give this ' +
        'one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLockOptions {
  /** a holder whose lock is not refreshed for this long is taken for dead (default 10 s) */
  staleMs?: number;
  /** how long to wait for a dead holder's lock to go stale before giving up (default 12 s) */
  waitMs?: number;
  /** hears a lock that was taken from this process (its refresh failed or was late) */
  onCompromised?: (error: Error) => void;
}

/**
 * Holds `dir` for this process until the returned release is called: two PostgreSQL processes
 * writing one data folder corrupt it (PGlite has no lock of its own; a second server started on
 * the same DATA_DIR left "invalid checkpoint record" behind). The lock is a `<dir>.lock` folder
 * whose time this process refreshes; a process that died without releasing it stops refreshing
 * it, and after `staleMs` the next start takes it over. The holder's process id sits beside it
 * (`<dir>.lock.pid`): a holder that is alive keeps its lock even when its refresh came late (an
 * event loop busy for longer than `staleMs`, as PGlite's work on a loaded machine can make it).
 */
export async function lockDataDir(
  dir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  const stale = options.staleMs ?? 10_000;
  const wait = options.waitMs ?? 12_000;
  const step = Math.min(1_000, Math.max(100, Math.floor(stale / 4)));
  const pidFile = `${dir}.lock.pid`;
  // a live holder's lock is never taken for stale: wait for its release, or give up
  const holderAlive = isAlive(await holderPid(pidFile));
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, {
      stale: holderAlive ? Number.MAX_SAFE_INTEGER : stale,
      update: Math.floor(stale / 2),
      realpath: false,
      retries: { retries: Math.ceil(wait / step), factor: 1, minTimeout: step, maxTimeout: step },
      onCompromised: options.onCompromised ?? ((error) => console.error(error.message)),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw error;
  }
  await writeFile(pidFile, String(process.pid));
  return async () => {
    await rm(pidFile, { force: true });
    await release();
  };
}

async function holderPid(pidFile: string): Promise<number | undefined> {
  const text = await readFile(pidFile, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Whether a process of this id runs on this machine (the data folder is a local one). */
function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
