import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ResultCode } from '@snapdrama/contract';
import { useTestContext } from './harness';

/**
 * Bad input that app.inject cannot send (issue 39, item 6): malformed HTTP from a raw socket, which
 * Node's parser refuses before Fastify sees a request, and percent-encoding the query parser would
 * let through. Every answer is our {code, message, data} envelope.
 */
const ctx = useTestContext({ seed: false });
let port = 0;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}, 120_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are and reads every answer until the server closes (or 3 s pass). */
function sendRaw(bytes: string): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        resolve(parseAnswers(Buffer.concat(chunks).toString('latin1')));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.write(bytes, 'latin1');
  });
}

function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`an answer without a header end: ${JSON.stringify(rest)}`);
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [
        l.slice(0, l.indexOf(':')).toLowerCase(),
        l.slice(l.indexOf(':') + 1).trim(),
      ]),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

function expectEnvelope(answer: RawAnswer | undefined, status: number, code: number) {
  expect(answer, 'an answer').toBeDefined();
  const label = JSON.stringify(answer);
  expect(answer?.status, label).toBe(status);
  expect(answer?.headers['content-type'], label).toContain('application/json');
  const body = JSON.parse(answer?.body ?? '') as unknown;
  expect(body, label).toMatchObject({ code, message: expect.any(String), data: null });
}

const login = `POST ${API_BASE}/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n`;

describe("Node's HTTP parser refusals in the envelope", () => {
  it('a malformed chunked body is 400', async () => {
    const answers = await sendRaw(
      `${login}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    );
    expectEnvelope(answers.at(-1), 400, ResultCode.BAD_REQUEST);
  });

  it('a Content-Length that is not a number, or one beside chunked encoding, is 400', async () => {
    expectEnvelope(
      (await sendRaw(`${login}Content-Length: abc\r\n\r\n{}`)).at(-1),
      400,
      ResultCode.BAD_REQUEST,
    );
    expectEnvelope(
      (await sendRaw(`${login}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`)).at(-1),
      400,
      ResultCode.BAD_REQUEST,
    );
    expectEnvelope(
      (
        await sendRaw(
          `${login}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
        )
      ).at(-1),
      400,
      ResultCode.BAD_REQUEST,
    );
  });

  it('a Content-Length shorter than the body: every answer, the leftover bytes too, is an envelope', async () => {
    const answers = await sendRaw(`${login}Content-Length: 2\r\n\r\n{"authMthd":"guest"}`);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expectEnvelope(answer, 400, ResultCode.BAD_REQUEST);
  });

  it('a 20 KB header is 431', async () => {
    const answers = await sendRaw(
      `GET ${API_BASE}/drama/category/list HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expectEnvelope(answers.at(-1), 431, ResultCode.REQUEST_HEADERS_TOO_LARGE);
  });

  it('a request line that is not HTTP is 400', async () => {
    expectEnvelope((await sendRaw('HELLO\r\n\r\n')).at(-1), 400, ResultCode.BAD_REQUEST);
  });
});

describe('query percent-encoding', () => {
  it('bad percent-encoding in a query is 400, as the operations guide says', async () => {
    for (const query of [
      'x=%zz',
      'x=%',
      '%zz=1',
      'x=%E0%A4%A',
      'x=%ED%A0%80',
      'redirectUri=%C0%AE',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/auth/authorize/google?${query}`,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
      const list = await ctx.app.inject({
        method: 'GET',
        url: `${API_BASE}/drama/category/list?${query}`,
      });
      expect(list.statusCode, query).toBe(400);
    }
  });

  it('good encodings still pass: plus, UTF-8, reserved characters', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${API_BASE}/drama/category/list?q=a+b%20c%2B%ED%95%9C%26`,
    });
    expect(res.statusCode).toBe(200);
  });
});
