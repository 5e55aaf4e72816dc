/**
 * `npm run wallet:check -w @snapdrama/server`: checks the coin ledger of the configured database
 * (DATABASE_URL, else the PGlite data under DATA_DIR) and exits 1 on any anomaly: for every lot
 * amount = remaining + spent + refunded (so per user granted = valid + expired + spent + refunded),
 * remaining within [0, amount], every unlock paid in full by its own user's valid lots.
 */
import { systemClock } from '../../clock';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { createWalletRepository } from './wallet.repository';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    // pending migrations first, as the server does at start, so a fresh database checks clean
    await database.migrate();
    const check = await createWalletRepository(database.db).invariantViolations(systemClock.now());
    const t = check.totals;
    console.log(
      `wallet check (${database.kind}): ${check.users} wallets, ${check.lots} lots; ` +
        `granted ${t.granted} = valid ${t.valid} + expired ${t.expired} + spent ${t.spent} + refunded ${t.refunded}`,
    );
    if (check.violations.length > 0) {
      for (const v of check.violations) console.error(`  violation: ${v}`);
      process.exitCode = 1;
    } else {
      console.log('  no violations');
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exitCode = 1;
});
