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
 * it, and after `staleMs` the next start takes it over.
 */
export async function lockDataDir(
  dir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  const stale = options.staleMs ?? 10_000;
  const wait = options.waitMs ?? 12_000;
  const step = Math.min(1_000, Math.max(100, Math.floor(stale / 4)));
  try {
    return await lockfile.lock(dir, {
      stale,
      realpath: false,
      retries: { retries: Math.ceil(wait / step), factor: 1, minTimeout: step, maxTimeout: step },
      onCompromised: options.onCompromised ?? ((error) => console.error(error.message)),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dir);
    throw error;
  }
}
