import http from 'node:http';
import https from 'node:https';

/**
 * JSON over HTTP(S) with kept-alive connections (idle ones do not keep the process alive), for the REST adapters that have no SDK (Toss).
 * Node's own http client, not the global fetch: on Node 20 a fetch round trip costs about 1 ms of
 * CPU against 0.1-0.2 ms here (docs/decisions/0710-payment-confirmation-speed.md), and a
 * confirmation makes one on the server's event loop.
 */
export interface JsonHttpClient {
  /** The status and body text; throws on a network error or the timeout. */
  request(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; text: string }>;
}

export function createJsonHttpClient(options: { timeoutMs: number }): JsonHttpClient {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  function once(
    method: string,
    target: URL,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<{ status: number; text: string; reusedSocket: boolean }> {
    const transport = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    return new Promise((resolve, reject) => {
      const request = transport.request(
        target,
        {
          method,
          agent,
          timeout: options.timeoutMs,
          headers: {
            accept: 'application/json',
            ...headers,
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              reusedSocket: request.reusedSocket,
            }),
          );
        },
      );
      request.on('timeout', () =>
        request.destroy(new Error('the provider did not answer in time')),
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        // a kept-alive connection the provider closed while idle: the caller may send again
        Object.assign(error, { reusedSocket: request.reusedSocket });
        reject(error);
      });
      request.end(body);
    });
  }

  return {
    async request(method, url, headers, body) {
      const target = new URL(url);
      try {
        return await once(method, target, headers, body);
      } catch (error) {
        const e = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
        // Node's documented pattern: an idle kept-alive socket can be closed by the server just
        // as we write on it; it is sent once more on a new connection (every request of these
        // adapters is safe to repeat: reads, and Toss's confirm carries an Idempotency-Key)
        if (e.reusedSocket && e.code === 'ECONNRESET') return once(method, target, headers, body);
        throw error;
      }
    },
  };
}
