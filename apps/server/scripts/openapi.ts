/**
 * Writes apps/server/openapi.json from the route schemas. `--check` fails when the committed
 * file is out of date instead of writing it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { createLocalStorage } from '../src/media/storage';

const target = path.join(import.meta.dirname, '..', 'openapi.json');

export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(import.meta.dirname, '..', '.cache', 'openapi'),
    JWT_SECRET: 'openapi-generation-secret-0123456789abcdef',
    MEDIA_SIGNING_SECRET: 'openapi-generation-secret-0123456789abcdef',
  });
  const database = await openPglite(undefined);
  const { app } = await buildApp({
    config,
    database,
    clock: new ManualClock(),
    storage: createLocalStorage(config.dataDir),
    logger: false,
  });
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await database.close();
  return document;
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const document = await generateOpenApi();
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(target, 'utf8');
    } catch {
      // missing counts as out of date
    }
    if (committed !== document) {
      console.error(
        'apps/server/openapi.json is out of date: run `npm run openapi -w @snapdrama/server`',
      );
      process.exit(1);
    }
    console.log('openapi.json is up to date');
  } else {
    writeFileSync(target, document);
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  }
}
