/** How a stand-in's HTTP server starts listening and names itself. */
import type { FastifyInstance } from 'fastify';

/** Where a stand-in listens and where browsers reach it. */
export interface ListenOptions {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  /** Where browsers reach it; defaults to the address it listens on. */
  publicUrl?: string;
}

/** Starts listening; the address it listens on and the one browsers use (no trailing slash). */
export async function listen(
  app: FastifyInstance,
  options: ListenOptions,
): Promise<{ listenUrl: string; publicUrl: string }> {
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const listenHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  const listenUrl = `http://${listenHost}:${port}`;
  return { listenUrl, publicUrl: (options.publicUrl ?? listenUrl).replace(/\/$/, '') };
}
