import { once } from 'node:events';
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 nothing listens on right now: taken from the system, then released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}
