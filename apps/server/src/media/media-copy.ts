import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type Storage } from './storage';

/** Every file under `root` as a storage key, skipping dot files (probes) and half-written temps. */
async function listKeys(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  const keys: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    // a linked folder (e.g. shared clips) is copied like a real one
    const kind = entry.isSymbolicLink() ? await stat(path.join(root, key)) : entry;
    if (kind.isDirectory()) keys.push(...(await listKeys(root, key)));
    else if (kind.isFile() && isSafeKey(key)) keys.push(key);
  }
  return keys;
}

/**
 * Copies a local media folder (HLS media, posters, subtitles) into another storage under the same
 * keys, a few files at a time. With skipExisting a re-run after an interruption only copies what
 * is missing.
 */
export async function copyFolderToStorage(
  root: string,
  target: Storage,
  options: { skipExisting: boolean; concurrency?: number; onFile?: (key: string) => void },
): Promise<{ copied: number; skipped: number }> {
  const keys = await listKeys(root);
  let copied = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    for (let key = keys[next++]; key !== undefined; key = keys[next++]) {
      if (options.skipExisting && (await target.exists(key))) {
        skipped++;
        continue;
      }
      await target.upload(key, path.join(root, ...key.split('/')));
      copied++;
      options.onFile?.(key);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return { copied, skipped };
}
