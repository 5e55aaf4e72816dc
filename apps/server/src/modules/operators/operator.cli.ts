/**
 * `npm run operator -- <command> [options]` (from the repository root): manages console operators
 * in the configured database (DATABASE_URL, else the PGlite data under DATA_DIR). Every change is
 * in the audit log as done by the system.
 *
 *   create --email E --role admin|editor|support [--name N] [--password P] [--totp]
 *   list
 *   set-role --email E --role R
 *   set-password --email E [--password P]
 *   totp-on --email E          (prints a new secret and otpauth:// address)
 *   totp-off --email E
 *   disable --email E | enable --email E
 *
 * Without --password, OPERATOR_PASSWORD is used, else a random password is made and printed once.
 *
 * When a running server holds the embedded database, the CLI goes through that server's API
 * instead (operator-cli-api.ts), signed in as the admin OPERATOR_ADMIN_EMAIL /
 * OPERATOR_ADMIN_PASSWORD (+ OPERATOR_ADMIN_TOTP) at OPERATOR_API_URL (default: HOST:PORT):
 * create makes an invite link, set-password a reset link; the rest as above except TOTP.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ResultCode } from '@snapdrama/contract';
import { systemClock } from '../../clock';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { AppError } from '../../errors';
import { createAuditModule } from '../audit/audit.module';
import { CliApiError, runOperatorCommandThroughApi } from './operator-cli-api';
import { createOperatorTokens } from './operator-tokens';
import { createOperatorsRepository } from './operators.repository';
import { createOperatorsService } from './operators.service';
import { totpUri } from './totp';

const USAGE = `usage: npm run operator -- <command> [options]
  create --email E --role admin|editor|support [--name N] [--password P] [--totp]
  list
  set-role --email E --role R
  set-password --email E [--password P]
  totp-on --email E | totp-off --email E
  disable --email E | enable --email E`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      totp: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
    });
  } catch (error) {
    const adminEmail = process.env.OPERATOR_ADMIN_EMAIL;
    const adminPassword = process.env.OPERATOR_ADMIN_PASSWORD;
    if (!(error instanceof DataDirInUseError) || !adminEmail || !adminPassword) {
      if (error instanceof DataDirInUseError) {
        console.error(
          'Set OPERATOR_ADMIN_EMAIL and OPERATOR_ADMIN_PASSWORD (and OPERATOR_ADMIN_TOTP) to go through the running server instead.',
        );
      }
      throw error;
    }
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const lines = await runOperatorCommandThroughApi(command, values, {
      baseUrl: process.env.OPERATOR_API_URL ?? `http://${host}:${config.port}`,
      admin: {
        email: adminEmail,
        password: adminPassword,
        totp: process.env.OPERATOR_ADMIN_TOTP,
      },
    });
    for (const line of lines) console.log(line);
    return;
  }
  try {
    await database.migrate();
    const db = database.db;
    const repo = createOperatorsRepository(db);
    const operators = createOperatorsService({
      db,
      repo,
      tokens: createOperatorTokens({ secret: config.jwtSecret, clock: systemClock }),
      audit: createAuditModule({
        db,
        clock: systemClock,
        config,
        operatorEmails: (ids) => repo.emailsOf(ids),
        // the CLI only records; it lists no entries
        targetNames: async () => new Map(),
      }).audit,
      clock: systemClock,
    });
    const email = () => {
      if (!values.email) throw new AppError(ResultCode.BAD_REQUEST, '--email is required');
      return values.email;
    };
    let madePassword: string | undefined;
    const password = () => {
      const given = values.password ?? process.env.OPERATOR_PASSWORD;
      if (given) return given;
      madePassword = randomBytes(12).toString('base64url');
      return madePassword;
    };
    const report = (result: {
      operator: { email: string; role: string };
      totpSecret: string | null;
    }) => {
      console.log(`${result.operator.email} (${result.operator.role})`);
      if (madePassword) console.log(`password: ${madePassword}  (shown once; store it safely)`);
      if (result.totpSecret) {
        console.log(`TOTP secret: ${result.totpSecret}`);
        console.log(`TOTP address: ${totpUri(result.totpSecret, result.operator.email)}`);
      }
    };
    switch (command) {
      case 'create':
        report(
          await operators.create(
            {
              email: email(),
              role: values.role ?? '',
              displayName: values.name,
              password: password(),
              totp: values.totp,
            },
            null,
          ),
        );
        break;
      case 'list':
        for (const o of await operators.list()) {
          console.log(`${o.email}\t${o.role}\t${o.totpEnabled ? 'totp' : 'no-totp'}\t${o.status}`);
        }
        break;
      case 'set-role':
        report(await operators.change(email(), { role: values.role ?? '' }, null));
        break;
      case 'set-password':
        report(await operators.change(email(), { password: password() }, null));
        break;
      case 'totp-on':
        report(await operators.change(email(), { totp: true }, null));
        break;
      case 'totp-off':
        report(await operators.change(email(), { totp: false }, null));
        break;
      case 'disable':
      case 'enable':
        report(await operators.change(email(), { disabled: command === 'disable' }, null));
        break;
      default:
        console.error(`unknown command ${command}\n${USAGE}`);
        process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof AppError || error instanceof DataDirInUseError || error instanceof CliApiError
      ? `error: ${error.message}`
      : error,
  );
  process.exitCode = 1;
});
