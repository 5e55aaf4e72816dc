import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  ResultCode,
  adminPaths,
} from '@snapdrama/contract';
import { type TestContext, useTestContext } from '../../test/harness';
import {
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';
import { signInMember } from '../wallet/wallet.test-support';
import { csvLine } from '../../http/csv';
import { AUDIT_EXPORT_BATCH } from './audit.service';
import { dramaForm } from '../catalog/catalog-admin.test-support';

const ctx = useTestContext({ seed: false });
let admin: OperatorCaller;
beforeAll(async () => {
  admin = await signInOperator(ctx, 'admin');
});

const list = (query: string, headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `${API_BASE}${adminPaths.audit()}${query}`, headers });

describe('the audit log', () => {
  it('records who, what, which target, before and after; newest first', async () => {
    await ctx.services.audit.record(undefined, {
      operatorId: admin.operatorId,
      action: 'drama.update',
      targetType: 'drama',
      targetId: 7,
      before: { exclusive: false },
      after: { exclusive: true },
    });
    const response = await list('?targetType=drama&targetId=7');
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = response.json().data.entries;
    expect(entry).toMatchObject({
      operatorId: admin.operatorId,
      operatorEmail: admin.email,
      action: 'drama.update',
      targetType: 'drama',
      targetId: '7',
      before: { exclusive: false },
      after: { exclusive: true },
      at: ctx.clock.now().toISOString(),
    });
    // sign-ins and operator creation are audited too
    const mine = await list(`?operatorId=${admin.operatorId}&action=operator.sign_in`);
    expect(mine.json().data.entries.length).toBe(1);
  });

  it('pages with `before`', async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
      await ctx.services.audit.record(undefined, {
        operatorId: null,
        action: 'test.page',
        targetType: 'thing',
        targetId: i,
      });
    }
    const first = (await list('?action=test.page')).json().data;
    expect(first.entries.length).toBe(AUDIT_PAGE_SIZE);
    expect(first.entries[0].targetId).toBe(String(AUDIT_PAGE_SIZE + 4));
    const second = (await list(`?action=test.page&before=${first.nextBefore}`)).json().data;
    expect(second.entries.map((e: { targetId: string }) => e.targetId)).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    expect(second.nextBefore).toBeNull();
  });

  it('only admins browse it', async () => {
    await expectOperatorOnly(ctx, { method: 'GET', url: `${API_BASE}${adminPaths.audit()}` }, [
      'admin',
    ]);
  });

  it('bad filters answer 400', async () => {
    for (const query of [
      '?operatorId=nope',
      '?before=-3',
      '?before=abc',
      `?action=${'x'.repeat(101)}`,
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe(ResultCode.BAD_REQUEST);
    }
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = ctx.database.db;
    const rows = async (query: SQL) => {
      const result: unknown = await db.execute(query);
      return (result as { rows: unknown[] }).rows;
    };
    const before = await rows(sql`select count(*)::int as n from audit_log`);
    await expect(db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const after = await rows(
      sql`select count(*)::int as n, count(*) filter (where action = 'forged')::int as forged from audit_log`,
    );
    expect(after[0]).toEqual({ ...(before[0] as object), forged: 0 });
  });

  it('an entry written in a transaction that rolls back is gone with it', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await ctx.services.audit.record(tx, {
          operatorId: null,
          action: 'test.rollback',
          targetType: 't',
          targetId: 1,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await list('?action=test.rollback')).json().data.entries).toEqual([]);
  });
});

describe('the audit a review can use (decision 1570)', () => {
  const record = (entry: Partial<Parameters<TestContext['services']['audit']['record']>[1]>) =>
    ctx.services.audit.record(undefined, {
      operatorId: admin.operatorId,
      action: 'test.thing',
      targetType: 'thing',
      targetId: 1,
      ...entry,
    });

  it('a save that changed nothing is not recorded', async () => {
    expect(
      await record({
        action: 'test.same',
        before: { a: 1, b: [1, 2] },
        after: { b: [1, 2], a: 1 },
      }),
    ).toBeNull();
    expect(await record({ action: 'test.same', before: { a: 1 }, after: { a: 2 } })).toEqual(
      expect.any(Number),
    );
    const listed = (await list('?action=test.same')).json().data.entries;
    expect(listed.map((e: { after: unknown }) => e.after)).toEqual([{ a: 2 }]);
  });

  it('a real save of the same values records nothing; a change records one entry', async () => {
    const route = {
      method: 'PUT' as const,
      url: `${API_BASE}/admin/economy/ad-limits`,
      headers: admin.headers,
    };
    const current = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/admin/economy`,
      headers: admin.headers,
    });
    expect(current.statusCode, current.body).toBe(200);
    const limits = current.json().data.adLimits;
    const count = async () => (await list('?action=ad_limits.update')).json().data.entries.length;
    const before = await count();
    expect((await ctx.app.inject({ ...route, payload: limits })).statusCode).toBe(200);
    expect(await count()).toBe(before);
    const changed = { ...limits, dailyCap: limits.dailyCap + 1 };
    expect((await ctx.app.inject({ ...route, payload: changed })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('the family filter is a prefix: "wallet" finds wallet.grant and wallet.revoke', async () => {
    await record({ action: 'wallet.grant' });
    await record({ action: 'wallet.revoke' });
    await record({ action: 'walled.garden' });
    const found = (await list('?family=wallet.')).json().data.entries;
    expect(found.map((e: { action: string }) => e.action)).toEqual([
      'wallet.revoke',
      'wallet.grant',
    ]);
    const loose = (await list('?family=Wallet')).json().data.entries;
    expect(loose.map((e: { action: string }) => e.action)).toEqual([
      'wallet.revoke',
      'wallet.grant',
    ]);
    expect((await list('?family=wal')).json().data.entries.length).toBe(3);
    // LIKE's wildcards are literal text
    expect((await list('?family=%25')).json().data.entries).toEqual([]);
    expect((await list('?family=wallet_')).json().data.entries).toEqual([]);
  });

  it('the worker, the CLI and the system are actors of their own', async () => {
    await ctx.services.audit.record(undefined, {
      operatorId: null,
      actor: 'worker',
      action: 'episode.video_ready',
      targetType: 'episode',
      targetId: '1/1',
    });
    await ctx.services.operators.create(
      { email: 'cli-made@ops.test', role: 'support', password: 'a long password' },
      null,
    );
    const worker = (await list('?actor=worker')).json().data.entries;
    expect(worker[0]).toMatchObject({
      actor: 'worker',
      operatorId: null,
      action: 'episode.video_ready',
    });
    const cli = (await list('?actor=cli&action=operator.create')).json().data.entries;
    expect(cli[0]).toMatchObject({ actor: 'cli', targetName: 'cli-made@ops.test' });
    expect((await list('?actor=operator')).statusCode).toBe(400);
  });

  it('filters by service days (SERVICE_TIMEZONE), both ends included', async () => {
    // the test clock: 2026-01-15 12:00 in Seoul
    ctx.clock.set('2026-03-01T14:59:00Z'); // 23:59 on 1 March in Seoul
    await record({ action: 'test.day', targetId: 'march-1' });
    ctx.clock.set('2026-03-01T15:00:00Z'); // 00:00 on 2 March
    await record({ action: 'test.day', targetId: 'march-2' });
    ctx.clock.set('2026-03-03T10:00:00Z');
    await record({ action: 'test.day', targetId: 'march-3' });
    // the admin's session of January has ended by now
    admin = await signInOperator(ctx, 'admin');
    const ids = async (q: string) =>
      (await list(`?action=test.day${q}`))
        .json()
        .data.entries.map((e: { targetId: string }) => e.targetId);
    expect(await ids('&from=2026-03-01&to=2026-03-01')).toEqual(['march-1']);
    expect(await ids('&from=2026-03-02')).toEqual(['march-3', 'march-2']);
    expect(await ids('&to=2026-03-02')).toEqual(['march-2', 'march-1']);
    expect((await list('?from=2026-03-04&to=2026-03-02')).statusCode).toBe(400);
    expect((await list('?from=2026-3-4')).statusCode).toBe(400);
  });

  it('names targets: drama titles in the asked language, episodes, viewers, operators, packs', async () => {
    const dramaId = await ctx.services.catalogAdmin.createDrama(
      admin.operatorId,
      dramaForm({ ko: '감사의 밤', en: 'Night of the Audit', ja: '監査の夜' }),
    );
    const member = await signInMember(ctx, 'Minji');
    await record({ action: 'test.name', targetType: 'episode', targetId: `${dramaId}/3` });
    await record({ action: 'test.name', targetType: 'user', targetId: member.userId });
    await record({ action: 'test.name', targetType: 'goods', targetId: 'coin_100' });
    await record({ action: 'test.name', targetType: 'order', targetId: 'abc' });
    const names = async (lang: string) =>
      (await list(`?family=test.name&lang=${lang}`))
        .json()
        .data.entries.map((e: { targetName: string | null }) => e.targetName);
    const ko = await names('ko');
    expect(ko[0]).toBeNull();
    expect(ko[1]).toMatch(/100/);
    expect(ko[2]).toBe('Minji');
    expect(ko[3]).toBe('감사의 밤 #3');
    expect((await names('ja'))[3]).toBe('監査の夜 #3');
    const created = (await list(`?action=drama.create&targetId=${dramaId}&lang=en`)).json().data;
    expect(created.entries[0].targetName).toBe('Night of the Audit');
  });

  it('exports the filter as CSV, streamed in batches, escaped, admins only', async () => {
    ctx.clock.set('2026-04-10T03:00:00Z');
    admin = await signInOperator(ctx, 'admin');
    const n = AUDIT_EXPORT_BATCH + 20;
    for (let i = 0; i < n; i += 1) {
      await ctx.services.audit.record(undefined, {
        operatorId: null,
        action: 'test.csv',
        targetType: 'thing',
        targetId: i,
        after: i === 0 ? { note: '=HYPERLINK("x"), "quoted"\nline' } : { i },
      });
    }
    const url = `${API_BASE}${adminPaths.auditExport()}?family=test.csv&from=2026-04-10&to=2026-04-10`;
    const response = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="audit-2026-04-10.csv"',
    );
    const body = response.body;
    expect(body.startsWith('\uFEFFid,at,actor,')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    // header, n entries, '' after the final CRLF (JSON keeps a typed line break as \n)
    expect(lines.length).toBe(1 + n + 1);
    expect(lines[1]).toContain(`,system,,,,,test.csv,thing,${n - 1},,,`);
    expect(body).toContain('"{""note"":""=HYPERLINK(\\""x\\""), \\""quoted\\""\\nline""}"');
    await expectOperatorOnly(ctx, { method: 'GET', url }, ['admin']);
    // a spreadsheet formula in a cell is defused
    expect(csvLine(['=1+1', '-2', 'plain', null])).toBe("'=1+1,'-2,plain,\r\n");
  });
});
