import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/harness';
import { runOperatorCommandThroughApi, type CliApiOptions } from './operator-cli-api';
import { signInOperator, type OperatorCaller } from './operators.test-support';

const ctx = useTestContext({ seed: false });
let admin: OperatorCaller;
let options: CliApiOptions;
beforeAll(async () => {
  admin = await signInOperator(ctx, 'admin');
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as AddressInfo;
  options = {
    baseUrl: `http://127.0.0.1:${port}`,
    admin: { email: admin.email, password: admin.password },
  };
});

describe('the operator CLI through a running server', () => {
  it('invites, lists, changes the role, disables and makes a reset link as the admin', async () => {
    const created = await runOperatorCommandThroughApi(
      'create',
      { email: 'Cli@Ops.test', role: 'editor' },
      options,
    );
    expect(created[0]).toBe('cli@ops.test (editor, invited)');
    expect(created[1]).toMatch(
      new RegExp(`^invite link, once, until .+: ${options.baseUrl}/admin/link#[\\w-]{43}$`),
    );
    expect(
      await runOperatorCommandThroughApi(
        'set-role',
        { email: 'cli@ops.test', role: 'support' },
        options,
      ),
    ).toEqual(['cli@ops.test (support, invited)']);
    expect(await runOperatorCommandThroughApi('list', {}, options)).toContain(
      'cli@ops.test\tsupport\tno-totp\tinvited',
    );
    const editor = await signInOperator(ctx, 'editor');
    expect(
      (await runOperatorCommandThroughApi('set-password', { email: editor.email }, options))[1],
    ).toMatch(/^reset link/);
    expect(await runOperatorCommandThroughApi('disable', { email: editor.email }, options)).toEqual(
      [`${editor.email} (editor, disabled)`],
    );
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      headers: editor.headers,
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses what needs the database, a wrong admin password and a non-admin', async () => {
    await expect(
      runOperatorCommandThroughApi('totp-on', { email: admin.email }, options),
    ).rejects.toThrow(/needs the database/);
    await expect(
      runOperatorCommandThroughApi(
        'create',
        { email: 'x@ops.test', role: 'admin', password: 'a long password' },
        options,
      ),
    ).rejects.toThrow(/needs the database/);
    await expect(
      runOperatorCommandThroughApi(
        'list',
        {},
        {
          ...options,
          admin: { email: admin.email, password: 'wrong password' },
        },
      ),
    ).rejects.toThrow(/^401120/);
    const support = await signInOperator(ctx, 'support');
    await expect(
      runOperatorCommandThroughApi(
        'list',
        {},
        {
          ...options,
          admin: { email: support.email, password: support.password },
        },
      ),
    ).rejects.toThrow(/^403120/);
  });
});
