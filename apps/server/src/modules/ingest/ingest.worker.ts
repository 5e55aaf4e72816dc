import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RELEASE_JOB, type IngestLog, type IngestService } from './ingest.service';

export interface IngestWorker {
  readonly id: string;
  start(): void;
  /** Stops taking jobs; a job in flight is handed back to the queue. */
  stop(): Promise<void>;
}

/**
 * Runs queued transcodes: `concurrency` loops, each claiming one due job at a time and sleeping
 * `pollMs` when none is due. Runs inside the API process (INGEST_WORKER=embedded) or alone
 * (`npm run worker`, src/worker.ts).
 */
export function createIngestWorker(deps: {
  ingest: Pick<IngestService, 'runNext'>;
  pollMs: number;
  concurrency: number;
  log?: IngestLog;
  id?: string;
}): IngestWorker {
  const id = deps.id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const loops: Promise<void>[] = [];

  async function loop(slot: number) {
    const workerId = `${id}/${slot}`;
    while (!stopping.signal.aborted) {
      let ran = false;
      try {
        ran = await deps.ingest.runNext(workerId, stopping.signal);
      } catch (error) {
        deps.log?.warn({ err: error, workerId }, 'ingest worker: claiming a job failed');
      }
      if (!ran && !stopping.signal.aborted) {
        await sleep(deps.pollMs, undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    }
  }

  return {
    id,
    start() {
      if (loops.length > 0) return;
      for (let slot = 0; slot < deps.concurrency; slot++) loops.push(loop(slot));
      deps.log?.info({ workerId: id, concurrency: deps.concurrency }, 'ingest worker started');
    },
    async stop() {
      stopping.abort(RELEASE_JOB);
      await Promise.all(loops);
    },
  };
}
