import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in's HTTP server on a free loopback port: `url()` starts it once and answers its
 * address; `close()` stops it, dropping the keep-alive connections the adapters' fetch holds.
 */
export function loopbackListener(server: Server): {
  url(): Promise<string>;
  close(): Promise<void>;
} {
  let listening: Promise<string> | undefined;
  return {
    url() {
      listening ??= new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          resolve(`http://127.0.0.1:${port}`);
        });
      });
      return listening;
    },
    async close() {
      if (!listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
