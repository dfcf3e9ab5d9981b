import { Socket } from 'node:net';

/** The Redis the suite may use: TEST_REDIS_URL, else the local default. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers (tests on Redis are skipped where none runs). */
export async function redisReachable(url = testRedisUrl): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 6379), hostname, () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
  });
}
