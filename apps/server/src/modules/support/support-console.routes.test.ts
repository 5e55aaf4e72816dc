import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, type AdminInquiry, type CannedReply } from '@snapdrama/contract';
import { useTestContext } from '../../test/harness';
import {
  adminCaller,
  auditCount,
  expectOperatorOnly,
  useOperator,
} from '../operators/operators.test-support';
import { api } from '../payments/payments.test-support';
import { signInMember, type Member } from '../wallet/wallet.test-support';

/**
 * The inbox of issue 41 item 4: names instead of ids, assignment, canned replies per language,
 * the longest waiting first, and the viewer's badge of an unread answer.
 */
const ctx = useTestContext({ seed: false });
const admin = useOperator(ctx, 'admin');
const support = useOperator(ctx, 'support');
const editor = useOperator(ctx, 'editor');

const call = adminCaller(ctx);
const data = <T>(r: { json: <U>() => U }) => r.json<{ data: T }>().data;
async function ask(m: Member, text: string): Promise<string> {
  const r = await api(ctx.app, m, 'POST', '/user/qna', { cnts: text });
  expect(r.statusCode, r.body).toBe(200);
  return data<{ qnaId: string }>(r).qnaId;
}
const unread = async (m: Member) =>
  data<{ unreadCount: number }>(await api(ctx.app, m, 'GET', '/user/qna/unread')).unreadCount;

describe('the inbox', () => {
  it('names the viewer, sorts by waiting time, filters by assignee; assignment is audited', async () => {
    const first = await signInMember(ctx, 'Oldest');
    const second = await signInMember(ctx, 'Newer');
    const a = await ask(first, 'My coins vanished after the update yesterday.');
    ctx.clock.advance(60_000);
    const b = await ask(second, 'I cannot find the drama I bookmarked last week.');
    const waiting = data<{ items: AdminInquiry[] }>(
      await call(support, 'GET', '/inquiries?status=open&sort=waiting'),
    ).items;
    expect(waiting.map((i) => i.id)).toEqual([a, b]);
    expect(waiting[0]?.viewer).toEqual({
      nickname: 'Oldest',
      authMethod: 'google',
      email: 'oldest@example.test',
    });
    const newest = data<{ items: AdminInquiry[] }>(await call(support, 'GET', '/inquiries')).items;
    expect(newest.map((i) => i.id)).toEqual([b, a]);

    const assignees = data<{ operators: { id: string; role: string }[] }>(
      await call(support, 'GET', '/inquiries/assignees'),
    ).operators;
    expect(assignees.map((o) => o.id)).toEqual(
      expect.arrayContaining([admin.operatorId, support.operatorId]),
    );
    expect(assignees.map((o) => o.id)).not.toContain(editor.operatorId);

    const given = await call(admin, 'PUT', `/inquiries/${a}/assignee`, {
      operatorId: support.operatorId,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(data<AdminInquiry>(given)).toMatchObject({
      assignedTo: support.operatorId,
      assignedEmail: support.email,
    });
    const mine = data<{ items: AdminInquiry[] }>(
      await call(support, 'GET', `/inquiries?assignee=${support.operatorId}`),
    ).items;
    expect(mine.map((i) => i.id)).toEqual([a]);
    const nobody = data<{ items: AdminInquiry[] }>(
      await call(support, 'GET', '/inquiries?assignee=none'),
    ).items;
    expect(nobody.map((i) => i.id)).toEqual([b]);
    expect(await auditCount(ctx, 'inquiry.assign')).toBe(1);

    // an editor, an unknown operator and bad ids are refused; nothing changes
    for (const [operatorId, status] of [
      [editor.operatorId, 404],
      [randomUUID(), 404],
      ['nobody', 400],
    ] as const) {
      const r = await call(admin, 'PUT', `/inquiries/${b}/assignee`, { operatorId });
      expect(r.statusCode, operatorId).toBe(status);
    }
    expect((await call(admin, 'GET', '/inquiries?sort=oldest')).statusCode).toBe(400);
    expect(await auditCount(ctx, 'inquiry.assign')).toBe(1);
    // unassigned again
    const freed = await call(support, 'PUT', `/inquiries/${a}/assignee`, { operatorId: null });
    expect(data<AdminInquiry>(freed).assignedTo).toBeNull();
  });

  it('who may call the new routes: admins and support', async () => {
    const someone = randomUUID();
    await expectOperatorOnly(ctx, { method: 'GET', url: `${API_BASE}/admin/canned-replies` }, [
      'admin',
      'support',
    ]);
    await expectOperatorOnly(ctx, { method: 'GET', url: `${API_BASE}/admin/inquiries/assignees` }, [
      'admin',
      'support',
    ]);
    await expectOperatorOnly(
      ctx,
      {
        method: 'PUT',
        url: `${API_BASE}/admin/inquiries/${someone}/assignee`,
        payload: { operatorId: null },
      },
      ['admin', 'support'],
    );
  }, 120_000);
});

describe('canned replies', () => {
  it('operators keep them per language; one fills an answer the viewer then sees, with a badge until read', async () => {
    const created = await call(support, 'POST', '/canned-replies', {
      lang: 'ko',
      title: '  코인 확인  ',
      body: '확인해 보니 코인이 지급되었어요.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const reply = data<CannedReply>(created);
    expect(reply).toMatchObject({ lang: 'ko', title: '코인 확인' });
    await call(support, 'POST', '/canned-replies', {
      lang: 'en',
      title: 'Coins checked',
      body: 'We checked: your coins were credited.',
    });
    const updated = await call(admin, 'PUT', `/canned-replies/${reply.id}`, {
      lang: 'ko',
      title: '코인 확인',
      body: '확인해 보니 코인 500개가 지급되었어요.',
    });
    expect(data<CannedReply>(updated).body).toContain('500');
    const list = data<{ replies: CannedReply[] }>(await call(support, 'GET', '/canned-replies'));
    expect(list.replies.map((r) => r.lang).sort()).toEqual(['en', 'ko']);
    expect(await auditCount(ctx, 'canned_reply.create')).toBe(2);
    expect(await auditCount(ctx, 'canned_reply.update')).toBe(1);

    // bad input and unknown ids
    for (const body of [
      { lang: 'fr', title: 'x', body: 'y' },
      { lang: 'ko', title: '', body: 'y' },
      { lang: 'ko', title: 'x', body: '   ' },
      { lang: 'ko', title: 'x'.repeat(101), body: 'y' },
    ]) {
      expect((await call(support, 'POST', '/canned-replies', body)).statusCode).toBe(400);
    }
    const missing = await call(support, 'PUT', `/canned-replies/${randomUUID()}`, {
      lang: 'ko',
      title: 'x',
      body: 'y',
    });
    expect(missing.json<{ code: number }>().code).toBe(ResultCode.CANNED_REPLY_NOT_FOUND);
    expect(
      (await call(support, 'DELETE', `/canned-replies/${randomUUID()}`)).json<{ code: number }>()
        .code,
    ).toBe(ResultCode.CANNED_REPLY_NOT_FOUND);

    // the viewer's inquiry is answered with the Korean reply
    const viewer = await signInMember(ctx, 'Korean');
    await ctx.services.auth.setLanguage(viewer.userId, 'ko');
    const qnaId = await ask(viewer, '코인이 들어오지 않았어요. 확인 부탁드려요. 감사합니다.');
    expect(await unread(viewer)).toBe(0);
    const answered = await call(support, 'PUT', `/inquiries/${qnaId}/answer`, {
      answer: data<CannedReply>(updated).body,
    });
    expect(data<AdminInquiry>(answered)).toMatchObject({ lang: 'ko', answerRead: false });
    expect(await unread(viewer)).toBe(1);
    const mine = data<{ qnaList: { qnaId: string; answ: string; unread_yn: string }[] }>(
      await api(ctx.app, viewer, 'GET', '/user/qna'),
    ).qnaList;
    expect(mine).toMatchObject([
      { qnaId, answ: '확인해 보니 코인 500개가 지급되었어요.', unread_yn: 'Y' },
    ]);
    // reading clears the badge; another viewer's read changes nothing of it
    const other = await signInMember(ctx, 'Other');
    await api(ctx.app, other, 'PUT', '/user/qna/read', { qnaIds: [qnaId] });
    expect(await unread(viewer)).toBe(1);
    const read = await api(ctx.app, viewer, 'PUT', '/user/qna/read', { qnaIds: [qnaId] });
    expect(data<{ unreadCount: number }>(read).unreadCount).toBe(0);
    expect(
      data<{ items: AdminInquiry[] }>(await call(support, 'GET', '/inquiries')).items.find(
        (i) => i.id === qnaId,
      )?.answerRead,
    ).toBe(true);
    // a new answer is unread again
    await call(support, 'PUT', `/inquiries/${qnaId}/answer`, { answer: '추가로 확인했어요.' });
    expect(await unread(viewer)).toBe(1);
    expect((await api(ctx.app, viewer, 'PUT', '/user/qna/read', {})).statusCode).toBe(200);
    expect(await unread(viewer)).toBe(0);
    expect(
      (await api(ctx.app, viewer, 'PUT', '/user/qna/read', { qnaIds: ['not-an-id'] })).statusCode,
    ).toBe(400);
    expect((await api(ctx.app, undefined, 'GET', '/user/qna/unread')).statusCode).toBe(401);

    expect((await call(support, 'DELETE', `/canned-replies/${reply.id}`)).statusCode).toBe(200);
    expect(await auditCount(ctx, 'canned_reply.delete')).toBe(1);
  });
});
