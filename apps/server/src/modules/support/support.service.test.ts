import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import { signInMember } from '../wallet/wallet.test-support';

/** The inquiries inbox and "my inquiries" (issue 13 item 6). */
describe('support: answers and my inquiries', () => {
  const ctx = useTestContext({ seed: false });

  const ask = (token: string, cnts: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/qna',
      headers: { authorization: `Bearer ${token}` },
      payload: { cnts },
    });
  const mine = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/qna',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{
      code: number;
      data: { qnaList: { qnaId: string; stts: string; answ: string | null }[] };
    }>();

  it('a viewer sees their inquiry, then the answer; others never see it', async () => {
    const m = await signInMember(ctx, 'Asker');
    const other = await signInMember(ctx, 'Other');
    const sent = await ask(m.token, 'My coins did not arrive after paying twice.');
    expect(sent.statusCode).toBe(200);
    const qnaId = sent.json<{ data: { qnaId: string } }>().data.qnaId;
    expect((await mine(m.token)).data.qnaList).toMatchObject([{ qnaId, stts: 'open', answ: null }]);
    expect((await mine(other.token)).data.qnaList).toEqual([]);

    const inbox = await ctx.services.support.inbox({ status: 'open', page: 1, count: 20 });
    expect(inbox.items.map((i) => i.id)).toContain(qnaId);
    expect(inbox.counts.open).toBeGreaterThanOrEqual(1);

    const audited: unknown[] = [];
    const { before, after } = await ctx.services.support.answer(
      qnaId,
      '  We credited 500 coins.  ',
      'op-1',
      async (_tx, c) => {
        audited.push(c);
      },
    );
    expect(before.status).toBe('open');
    expect(after).toMatchObject({
      status: 'answered',
      answer: 'We credited 500 coins.',
      answeredBy: 'op-1',
    });
    expect(audited).toHaveLength(1);
    expect((await mine(m.token)).data.qnaList).toMatchObject([
      { qnaId, stts: 'answered', answ: 'We credited 500 coins.' },
    ]);
    await ctx.services.support.close(qnaId);
    expect((await mine(m.token)).data.qnaList[0]?.stts).toBe('closed');
    // a closed inquiry is neither answered nor closed again
    await expect(ctx.services.support.answer(qnaId, 'late', 'op-1')).rejects.toMatchObject({
      code: ResultCode.INQUIRY_CLOSED,
    });
    await expect(ctx.services.support.close(qnaId)).rejects.toMatchObject({
      code: ResultCode.INQUIRY_CLOSED,
    });
  });

  it('bad answers and unknown inquiries are refused and change nothing', async () => {
    const m = await signInMember(ctx, 'Asker2');
    const qnaId = (await ask(m.token, 'Another question of at least twenty characters.')).json<{
      data: { qnaId: string };
    }>().data.qnaId;
    await expect(ctx.services.support.answer(qnaId, '   ', 'op')).rejects.toMatchObject({
      code: ResultCode.BAD_REQUEST,
    });
    await expect(ctx.services.support.answer(qnaId, 'x'.repeat(4001), 'op')).rejects.toMatchObject({
      code: ResultCode.BAD_REQUEST,
    });
    await expect(ctx.services.support.answer(randomUUID(), 'fine', 'op')).rejects.toMatchObject({
      code: ResultCode.NOT_FOUND,
    });
    await expect(
      ctx.services.support.answer(qnaId, 'fine', 'op', () =>
        Promise.reject(new Error('audit down')),
      ),
    ).rejects.toThrow('audit down');
    expect((await mine(m.token)).data.qnaList).toMatchObject([{ qnaId, stts: 'open', answ: null }]);
    // a guest without a session cannot read anyone's inquiries
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/qna' });
    expect(anonymous.statusCode).toBe(401);
  });
});
