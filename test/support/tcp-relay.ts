// A TCP relay to a real service that a test can cut and restore: what the service
// going away mid-run looks like to a client already connected to it, without
// stopping the service other suites share.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpRelay {
  /** The service's URL with the relay's address in place of the service's. */
  readonly url: string;
  /** Drops every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts relaying 127.0.0.1:<some free port> to the host and port of serviceUrl, which must name its port. */
export async function startTcpRelay(serviceUrl: string): Promise<TcpRelay> {
  const service = new URL(serviceUrl);
  if (!service.port) throw new Error(`name the port in ${serviceUrl}`);
  const links = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(service.port), service.hostname);
    for (const socket of [client, upstream]) {
      links.add(socket);
      socket.on('error', () => undefined).on('close', () => links.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number): Promise<void> => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const cut = async (): Promise<void> => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of links) socket.destroy();
    await closed;
  };

  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const relayed = new URL(serviceUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return {
    url: relayed.toString(),
    cut,
    restore: () => listen(port),
    close: async () => {
      if (server.listening) await cut();
    },
  };
}
