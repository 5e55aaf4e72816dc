import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, AUDIT_PAGE_SIZE, ResultCode, adminPaths } from '@snapdrama/contract';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  expectOperatorOnly,
  signInOperator,
  type OperatorCaller,
} from '../operators/operators.test-support';

let ctx: TestContext;
let admin: OperatorCaller;
beforeAll(async () => {
  ctx = await createTestContext({ seed: false });
  admin = await signInOperator(ctx, 'admin');
});
afterAll(() => ctx.close());

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
