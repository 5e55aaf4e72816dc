import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode, ingestPaths } from '@snapdrama/contract';
import { signInOperator, type OperatorCaller } from '../modules/operators/operators.test-support';
import { useTestContext } from './harness';

/**
 * tus refusals in our envelope (issue 39, item 6): tus keeps its protocol headers and status, the
 * body becomes {code, message, data}. Sent over a real connection, as tus clients do.
 */
const ctx = useTestContext({ seed: false });
let uploads = '';
let editor: OperatorCaller;
beforeAll(async () => {
  const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  uploads = `${base}${API_BASE}${ingestPaths.uploads()}`;
  editor = await signInOperator(ctx, 'editor');
}, 120_000);

const METADATA = `dramaId ${btoa('1')},epsd ${btoa('1')},filename ${btoa('a.mp4')}`;

async function expectTusEnvelope(res: Response, status: number, code: number) {
  const text = await res.text();
  const label = `${res.status} ${text}`;
  expect(res.status, label).toBe(status);
  expect(res.headers.get('content-type'), label).toContain('application/json');
  expect(res.headers.get('tus-resumable'), label).toBe('1.0.0');
  expect(JSON.parse(text), label).toMatchObject({ code, message: expect.any(String), data: null });
}

describe('tus refusals are envelopes', () => {
  it('creation with a negative or non-numeric Upload-Length is 400', async () => {
    for (const length of ['-5', 'abc', '1.5', '']) {
      const res = await fetch(uploads, {
        method: 'POST',
        headers: {
          ...editor.headers,
          'tus-resumable': '1.0.0',
          'upload-length': length,
          'upload-metadata': METADATA,
        },
      });
      await expectTusEnvelope(res, 400, ResultCode.INGEST_UPLOAD_INVALID);
    }
  });

  it('creation with Upload-Metadata that is not tus metadata is 400', async () => {
    for (const metadata of ['dramaId !!!', 'dramaId MQ==,dramaId MQ==', ',', 'a b c']) {
      const res = await fetch(uploads, {
        method: 'POST',
        headers: {
          ...editor.headers,
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': metadata,
        },
      });
      await expectTusEnvelope(res, 400, ResultCode.INGEST_UPLOAD_INVALID);
    }
  });

  it('a request without Tus-Resumable is 412', async () => {
    const res = await fetch(uploads, {
      method: 'POST',
      headers: { ...editor.headers, 'upload-length': '10', 'upload-metadata': METADATA },
    });
    await expectTusEnvelope(res, 412, ResultCode.INGEST_TUS_VERSION_UNSUPPORTED);
  });

  it('a bad Upload-Offset or an unknown upload are envelopes; nothing is staged', async () => {
    const patch = await fetch(`${uploads}/0123456789abcdef`, {
      method: 'PATCH',
      headers: {
        ...editor.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': '-1',
        'content-type': 'application/offset+octet-stream',
      },
      body: 'abc',
    });
    await expectTusEnvelope(patch, 400, ResultCode.INGEST_UPLOAD_INVALID);
    const unknown = await fetch(`${uploads}/0123456789abcdef`, {
      method: 'DELETE',
      headers: { ...editor.headers, 'tus-resumable': '1.0.0' },
    });
    await expectTusEnvelope(unknown, 404, ResultCode.INGEST_UPLOAD_NOT_FOUND);
    expect((await readdir(ctx.config.ingest.uploadDir)).filter((f) => !f.startsWith('.'))).toEqual(
      [],
    );
  });

  it('an anonymous upload is 401 before tus reads anything', async () => {
    const res = await fetch(uploads, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '-5', 'upload-metadata': METADATA },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: ResultCode.OPERATOR_SESSION_INVALID });
  });
});
