import { connect, createServer, type Socket } from 'node:net';

/** A TCP proxy to a service that a test can take down (refusing and cutting connections) and bring back. */
export interface FaultProxy {
  port: number;
  /** Refuse new connections and cut the open ones. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<port> to `target`; starts up. */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let isUp = true;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (!isUp) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxy: FaultProxy = {
    port: typeof address === 'object' && address ? address.port : 0,
    down() {
      isUp = false;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    up() {
      isUp = true;
    },
    close() {
      proxy.down();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
