// Test-only: an HTTPS server of a test (a provider peer, a proxy, a tool server)
// listening on 127.0.0.1 on a free port, whose close also ends the connections
// clients keep alive, so a test file never waits on an idle socket.
import type { Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackHttps {
  /** https://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<LoopbackHttps> {
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
