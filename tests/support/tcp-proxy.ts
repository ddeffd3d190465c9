/**
 * A TCP proxy on loopback that a test can cut and restore, standing in for a database server that stops and starts
 * again: cut closes every connection through it and refuses new ones (as a stopped server's port does), restore
 * listens again on the same port. The real server behind it keeps running for the other tests that share it.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Closes every open connection and refuses new ones until `restore`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A reset on one side ends both; the error itself is what the test provokes.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen(0);
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}
