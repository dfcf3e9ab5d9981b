// `npm run bench` (plain node): the chat's Server-Sent Events at 5,000 connected clients.
// 2,500 pairs of friends (real accounts with sessions), both members of each pair holding
// `GET /api/chat/stream` of their room open on one API host process on PostgreSQL (the
// storefront forwards the browser's stream to this call), read with node:http keep-alive
// agents. Once every stream is open, messages are sent through `POST /api/chat/send` at 50
// per second, each to a different room (BENCH_SECONDS of sending, default 10); the fan-out
// time of a message is from the start of its send call until a member's stream receives
// its event (both members count, the sender's other tabs see it too), through the
// process's PostgreSQL LISTEN/NOTIFY fan-out. Reports the clients connected, the time to
// open them, the fan-out p50/p99 and the API process's memory.
//
// File descriptors: this process and the API host each hold one socket per client. When the
// soft limit (`ulimit -n`) is too low for BENCH_STREAM_CLIENTS (default 5,000), the
// benchmark says so and measures as many clients as fit; raise it in the shell that runs
// `npm run bench` (`ulimit -n 20000`). Uses BENCH_DATABASE_URL or DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) for a scratch database; skips when none answers.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, type ClientRequest, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  apiProcessPid,
  benchOnScratchDatabase,
  checkBudget,
  createFriendPairs,
  percentile,
  processRssMB,
  readBudget,
} from './support.ts';

const LABEL = 'chat-stream';
const WANTED = Number(process.env.BENCH_STREAM_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SENDS_PER_SECOND = 50;
const OPEN_CONCURRENCY = 50;
// Sockets of this process besides the streams: the database pool, the send agent, stdio.
const SPARE_FDS = 200;

interface ChatStreamBudget {
  minConnectedClients: number;
  maxFanOutP99Ms: number;
}

/** The soft limit on open files of this process (the API host inherits it). */
function openFilesLimit(): number {
  const match = /Max open files\s+(\d+|unlimited)/.exec(readFileSync('/proc/self/limits', 'utf8'));
  return !match || match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

let clients = WANTED - (WANTED % 2);
let limitNote = '';
try {
  const limit = openFilesLimit();
  if (limit < clients + SPARE_FDS) {
    clients = Math.max(2, Math.floor((limit - SPARE_FDS) / 2) * 2);
    limitNote = `open-file limit ${limit} (ulimit -n) leaves room for ${clients} streams, not ${WANTED}; run \`ulimit -n 20000\` first`;
    console.log(`[${LABEL}] ${limitNote}`);
  }
} catch {
  // No /proc: try the number asked for.
}

const streamAgent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const sendAgent = new Agent({ keepAlive: true, maxSockets: 100 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

await benchOnScratchDatabase(LABEL, 'plateia_bench_chat_stream', 4, async ({ database, startApi }) => {
  const pairs = await createFriendPairs(database.db, clients / 2, 'chat-stream');
  const api = await startApi();
  const pid = apiProcessPid();

  // messageId -> when its send started; deliveries are timed against it.
  const sendStarts = new Map<string, number>();
  const fanOut: number[] = [];
  const openRequests: ClientRequest[] = [];
  const openErrors = new Map<string, number>();
  const noteError = (why: string) => openErrors.set(why, (openErrors.get(why) ?? 0) + 1);
  let droppedStreams = 0;
  let measuring = true;

  /** Opens one member's stream; resolves true once the server answered 200 and wrote `retry`. */
  const open = (self: { id: number; token: string }, room: string) =>
    new Promise<boolean>((resolve) => {
      const req = request(
        `${api.url}/api/chat/stream?userId=${self.id}&chatRoomId=${room}`,
        {
          agent: streamAgent,
          headers: { authorization: `Bearer ${self.token}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) {
            noteError(`HTTP ${res.statusCode}`);
            res.resume();
            return resolve(false);
          }
          res.setEncoding('utf8');
          let buffer = '';
          let ready = false;
          res.on('data', (chunk: string) => {
            const at = performance.now();
            buffer += chunk;
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
              if (!ready && block.startsWith('retry:')) {
                ready = true;
                resolve(true);
              }
              const data = block.split('\n').find((line) => line.startsWith('data: '));
              if (!data) continue;
              const { messageId } = JSON.parse(data.slice(6)) as { messageId: string | null };
              const start = messageId ? sendStarts.get(messageId) : undefined;
              if (start !== undefined) fanOut.push(at - start);
            }
          });
          res.on('close', () => {
            if (measuring && ready) droppedStreams++;
            if (!ready) {
              noteError('closed before the first event');
              resolve(false);
            }
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        noteError(error.code ?? error.message);
        resolve(false);
      });
      req.end();
      openRequests.push(req);
    });

  // 1. Open every stream, OPEN_CONCURRENCY at a time.
  const members = pairs.flatMap((pair) => [
    { self: pair.a, room: pair.room },
    { self: pair.b, room: pair.room },
  ]);
  let next = 0;
  let connected = 0;
  const openStart = performance.now();
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < members.length) {
        const member = members[next++]!;
        if (await open(member.self, member.room)) connected++;
      }
    }),
  );
  const openSeconds = (performance.now() - openStart) / 1000;
  const rss = pid ? processRssMB(pid) : Number.NaN;
  console.log(
    `[${LABEL}] ${connected} of ${members.length} streams open in ${openSeconds.toFixed(1)} s ` +
      `(${(connected / openSeconds).toFixed(0)}/s); API process ${rss.toFixed(0)} MB resident`,
  );
  if (openErrors.size > 0) {
    const why = [...openErrors].map(([reason, count]) => `${reason} x${count}`).join(', ');
    console.log(`[${LABEL}] streams not opened: ${why}`);
  }
  await sleep(1000);

  // 2. Messages at a steady rate, each to the next room, from one member then the other.
  const total = Math.round(SECONDS * SENDS_PER_SECOND);
  const sendLatencies: number[] = [];
  let sendFailures = 0;
  let expected = 0;
  const send = async (index: number) => {
    const pair = pairs[index % pairs.length]!;
    const from = Math.floor(index / pairs.length) % 2 === 0 ? pair.a : pair.b;
    const to = from === pair.a ? pair.b : pair.a;
    const messageId = randomUUID();
    const payload = JSON.stringify({
      userId: from.id,
      dst_userId: to.id,
      chatRoomId: pair.room,
      content: `Mensagem ${index} do teste de carga`,
      messageId,
    });
    const start = performance.now();
    sendStarts.set(messageId, start);
    const status = await new Promise<number>((resolve) => {
      const req = request(
        `${api.url}/api/chat/send`,
        {
          method: 'POST',
          agent: sendAgent,
          headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(payload);
    });
    sendLatencies.push(performance.now() - start);
    if (status === 200) expected += 2;
    else sendFailures++;
  };
  const sends: Promise<void>[] = [];
  const sendStart = performance.now();
  for (let i = 0; i < total; i++) {
    await sleep(sendStart + (i * 1000) / SENDS_PER_SECOND - performance.now());
    sends.push(send(i));
  }
  await Promise.all(sends);
  // Let the last events arrive (up to 5 s).
  const graceEnd = performance.now() + 5000;
  while (fanOut.length < expected && performance.now() < graceEnd) await sleep(50);
  measuring = false;
  for (const req of openRequests) req.destroy();
  streamAgent.destroy();
  sendAgent.destroy();

  const sorted = fanOut.sort((x, y) => x - y);
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  const sendSorted = sendLatencies.sort((x, y) => x - y);
  console.log(
    `[${LABEL}] ${total} messages at ${SENDS_PER_SECOND}/s over ${SECONDS} s to ${connected} open streams: ` +
      `send p50 ${percentile(sendSorted, 0.5).toFixed(1)} ms, p99 ${percentile(sendSorted, 0.99).toFixed(1)} ms, failed ${sendFailures}`,
  );
  console.log(
    `[${LABEL}] fan-out (send start -> event on a member's stream): ${sorted.length} of ${expected} deliveries, ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; streams dropped ${droppedStreams}`,
  );

  let passed = true;
  if (sendFailures > 0 || sorted.length < expected || droppedStreams > 0) {
    console.error(`[${LABEL}] FAIL: some sends failed, a stream dropped, or an event never arrived`);
    passed = false;
  }
  const budget = readBudget<ChatStreamBudget>('chatStream');
  if (budget) {
    const checks: [string, boolean][] = [
      [
        `clients connected ${connected} >= ${budget.minConnectedClients}${limitNote ? ` (${limitNote})` : ''}`,
        connected >= budget.minConnectedClients,
      ],
      [`fan-out p99 ${p99.toFixed(1)} ms <= ${budget.maxFanOutP99Ms} ms`, p99 <= budget.maxFanOutP99Ms],
    ];
    if (!checkBudget(LABEL, checks)) passed = false;
  }
  return passed;
});
