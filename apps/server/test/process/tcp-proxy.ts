import { createConnection, createServer, type Socket } from 'node:net';
import { freePort } from '../helpers/server-process.js';

/**
 * A TCP relay to a target, which a test cuts (every connection destroyed, new ones refused)
 * and restores on the same port: the network between the server and its database going away.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    track(client);
    track(upstream);
    // Whichever side goes, the other goes with it.
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
    client.pipe(upstream).pipe(client);
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen();

  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    async close() {
      if (server.listening) await this.cut();
    },
  };
}
