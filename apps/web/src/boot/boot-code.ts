import { nextTask } from '../shared/tasks/next-task';

type CodeDocument = Pick<Document, 'createElement' | 'head' | 'querySelectorAll'>;

/**
 * The player's code (its route chunk, the chunks only it imports, its stylesheets and hls.js),
 * asked for by the boot script on a player link once the episode start has answered and its
 * first segments are on their way (decision 0500, "The player's code from the boot script"). The
 * app would ask for the same files only once its entry has evaluated and its router has matched
 * the address; by then they are in. After the start, so that over HTTP/1.1 (six connections to
 * a host) none of the start's requests waits behind them; where the boot script plays the first
 * seconds itself, after those play (boot.ts; decision 0500, "The app's code after the first
 * seconds"). The build writes the list into the
 * boot script's element (vite.config.ts, `data-player`); a file the page links already (the app
 * got there first) is not asked for twice. The links go in a few per task (`LINKS_PER_TASK`);
 * `later` runs the next batch.
 */
export function preloadCode(
  doc: CodeDocument,
  files: readonly string[],
  later: (next: () => void) => void = (next) => void nextTask().then(next),
): void {
  let queue = queues.get(doc);
  if (!queue) {
    queue = { files: [], draining: false };
    queues.set(doc, queue);
  }
  const linked = new Set(
    Array.from(doc.querySelectorAll<HTMLLinkElement>('link[href]'), (link) =>
      link.getAttribute('href'),
    ),
  );
  for (const file of files) {
    if (linked.has(file) || queue.files.includes(file) || !/^\/\w[\w./-]*\.(js|css)$/.test(file)) {
      continue;
    }
    queue.files.push(file);
  }
  if (queue.draining) return;
  const pending = queue;
  const drain = () => {
    for (const file of pending.files.splice(0, LINKS_PER_TASK)) appendPreload(doc, file);
    pending.draining = pending.files.length > 0;
    if (pending.draining) later(drain);
  };
  drain();
}

/**
 * Links appended in one task. Each append starts its request there and then, 2 to 6 ms of a slow
 * phone's main thread (4x CPU throttling here): a player link's app and player code (17 files)
 * appended in one go, once its first seconds played, was a long task of its own. The rest follow
 * in tasks of their own, right after (`nextTask`), in the order asked.
 */
const LINKS_PER_TASK = 4;

/** Files asked for and not yet linked, per document: two asks in one task share the batches. */
const queues = new WeakMap<CodeDocument, { files: string[]; draining: boolean }>();

function appendPreload(doc: CodeDocument, file: string): void {
  const link = doc.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // as the app's own loader asks for them (Vite's preload helper): a preload in another mode
  // would not be reused
  link.crossOrigin = '';
  link.href = file;
  doc.head.append(link);
}

/** The list the build wrote into the boot script's element: root-relative paths, space separated. */
export function codeFiles(list: string | undefined): string[] {
  return (list ?? '').split(' ').filter((file) => file !== '');
}

/**
 * The app's code, its entry and the chunks the entry imports (the build lists them in the boot
 * script's element, `data-code`, in place of the page's modulepreload links): asked for at once,
 * as those links were; on a player link whose first seconds the boot script plays (`played`),
 * only once they play or will not (decision 0500, "The app's code after the first seconds"): the
 * entry waits for that anyway (boot-entry.ts), and until then its download and compile only took
 * the CPU and the connections the join, the start and the first segments were waiting for.
 * Returns the asking, for the entry to call should its cap come first; the files are asked for
 * once.
 */
export function preloadAppCode(
  doc: CodeDocument,
  files: readonly string[],
  played?: Promise<unknown>,
): () => void {
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    preloadCode(doc, files);
  };
  if (played) void played.then(ask, ask);
  else ask();
  return ask;
}
