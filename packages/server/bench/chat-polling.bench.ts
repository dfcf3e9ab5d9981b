// `npm run bench` (plain node): chat polling at 1,000 users. Each simulated user has a real
// account, a session and one friend (500 pairs of friends), and polls its room every 5 s as
// the storefront's chat store does (docs/social.md): the browser's `GET /api/chat/messages` is
// forwarded by the storefront to the same call on the API host, which is what is measured
// here, straight over HTTP (node:http keep-alive agent) against one API host process on
// PostgreSQL, with `since` = the newest message seen, like the store. Meanwhile 50 pairs
// chat (one message every 2.5 s per pair, the two members taking turns). Measured after the
// first round: p50/p99 of the polls, the API process's CPU (utime + stime from
// /proc/<pid>/stat, in % of one core over the window), and whether every message reached
// its addressee by polling. BENCH_SECONDS sets the measured window (default 30 s, six poll
// rounds; the whole run takes about 45 s). Uses BENCH_DATABASE_URL or DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) for a scratch database; skips when none answers.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  apiProcessPid,
  benchOnScratchDatabase,
  checkBudget,
  createFriendPairs,
  type FriendPair,
  percentile,
  processCpuSeconds,
  readBudget,
} from './support.ts';

const USERS = 1000;
const POLL_MS = 5000;
const SENDING_PAIRS = 50;
const SEND_EVERY_MS = 2500;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const LABEL = 'chat-polling';

interface ChatPollingBudget {
  maxPollP50Ms: number;
  maxPollP99Ms: number;
  maxApiCpuPercent: number;
}

interface Answer {
  status: number;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: USERS });

function call(base: string, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

await benchOnScratchDatabase(LABEL, 'plateia_bench_chat_poll', 4, async ({ database, startApi }) => {
  const pairs = await createFriendPairs(database.db, USERS / 2, 'chat-poll');
  const api = await startApi();
  const pid = apiProcessPid();

  const t0 = performance.now();
  const windowStart = t0 + POLL_MS;
  const windowEnd = windowStart + SECONDS * 1000;
  const pollLatencies: number[] = [];
  const sendLatencies: number[] = [];
  let pollFailures = 0;
  let sendFailures = 0;
  // Sent messages by client messageId: when the send started, and when the addressee's poll saw it.
  const sent = new Map<string, { at: number; seenAt?: number }>();

  const poller = async (self: FriendPair['a'], room: string) => {
    let since = new Date(Date.now() - 60_000).toISOString();
    await sleep(Math.random() * POLL_MS);
    while (performance.now() < windowEnd) {
      const start = performance.now();
      const query = `?userId=${self.id}&chatRoomId=${room}&since=${encodeURIComponent(since)}`;
      try {
        const answer = await call(api.url, 'GET', `/api/chat/messages${query}`, self.token);
        const done = performance.now();
        if (start >= windowStart && start < windowEnd) pollLatencies.push(done - start);
        if (answer.status !== 200) {
          pollFailures++;
        } else {
          const { messages } = JSON.parse(answer.body) as {
            messages: { created_at: string; user_id: number; messageId: string | null }[];
          };
          for (const message of messages) {
            if (message.created_at > since) since = message.created_at;
            const record = message.messageId ? sent.get(message.messageId) : undefined;
            if (record && message.user_id !== self.id) record.seenAt ??= done;
          }
        }
      } catch {
        pollFailures++;
      }
      // The store schedules the next poll 5 s after an answer.
      await sleep(POLL_MS);
    }
  };

  const sender = async (pair: FriendPair) => {
    await sleep(Math.random() * SEND_EVERY_MS);
    let turn = 0;
    // Stop a round before the end so the last messages still have a poll to arrive by.
    while (performance.now() < windowEnd - POLL_MS - 1000) {
      const from = turn++ % 2 === 0 ? pair.a : pair.b;
      const to = from === pair.a ? pair.b : pair.a;
      const messageId = randomUUID();
      const start = performance.now();
      sent.set(messageId, { at: start });
      try {
        const answer = await call(api.url, 'POST', '/api/chat/send', from.token, {
          userId: from.id,
          dst_userId: to.id,
          chatRoomId: pair.room,
          content: `Mensagem ${turn} do teste de carga`,
          messageId,
        });
        if (start >= windowStart) sendLatencies.push(performance.now() - start);
        if (answer.status !== 200) {
          sendFailures++;
          sent.delete(messageId);
        }
      } catch {
        sendFailures++;
        sent.delete(messageId);
      }
      await sleep(start + SEND_EVERY_MS - performance.now());
    }
  };

  let cpuBefore = 0;
  let clientCpuBefore = process.cpuUsage();
  const sampler = (async () => {
    await sleep(windowStart - performance.now());
    if (pid) cpuBefore = processCpuSeconds(pid);
    clientCpuBefore = process.cpuUsage();
  })();
  let apiCpuPercent = Number.NaN;
  let clientCpuPercent = Number.NaN;
  const endSampler = (async () => {
    await sleep(windowEnd - performance.now());
    const wall = (performance.now() - windowStart) / 1000;
    if (pid) apiCpuPercent = ((processCpuSeconds(pid) - cpuBefore) / wall) * 100;
    const client = process.cpuUsage(clientCpuBefore);
    clientCpuPercent = ((client.user + client.system) / 1e6 / wall) * 100;
  })();

  await Promise.all([
    ...pairs.flatMap((pair) => [poller(pair.a, pair.room), poller(pair.b, pair.room)]),
    ...pairs.slice(0, SENDING_PAIRS).map(sender),
    sampler,
    endSampler,
  ]);
  agent.destroy();

  const sorted = pollLatencies.sort((x, y) => x - y);
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  const sends = sendLatencies.sort((x, y) => x - y);
  const records = [...sent.values()];
  const delivered = records.filter((record) => record.seenAt !== undefined);
  const delays = delivered.map((record) => record.seenAt! - record.at).sort((x, y) => x - y);
  console.log(
    `[${LABEL}] API host GET /api/chat/messages (what the storefront's /api/chat/messages forwards to), ` +
      `${USERS} users each polling every ${POLL_MS / 1000} s, ${SENDING_PAIRS} pairs chatting, ${SECONDS} s measured`,
  );
  console.log(
    `[${LABEL}] polls: ${sorted.length} (${(sorted.length / SECONDS).toFixed(0)}/s), p50 ${p50.toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms, failed ${pollFailures}`,
  );
  console.log(
    `[${LABEL}] sends: ${sends.length}, p50 ${percentile(sends, 0.5).toFixed(1)} ms, p99 ${percentile(sends, 0.99).toFixed(1)} ms, failed ${sendFailures}; ` +
      `delivered by polling ${delivered.length} of ${records.length}, median delay ${(percentile(delays, 0.5) / 1000).toFixed(1)} s`,
  );
  console.log(
    pid
      ? `[${LABEL}] API process CPU: ${apiCpuPercent.toFixed(1)}% of one core (pid ${pid}, /proc utime+stime); load generator ${clientCpuPercent.toFixed(1)}%`
      : `[${LABEL}] API process CPU: not measured (no /proc to read the child's utime+stime)`,
  );
  let passed = true;
  if (pollFailures > 0 || sendFailures > 0 || delivered.length !== records.length) {
    console.error(`[${LABEL}] FAIL: some polls or sends failed, or a message never reached its addressee`);
    passed = false;
  }
  const budget = readBudget<ChatPollingBudget>('chatPolling');
  if (budget) {
    const checks: [string, boolean][] = [
      [`poll p50 ${p50.toFixed(1)} ms <= ${budget.maxPollP50Ms} ms`, p50 <= budget.maxPollP50Ms],
      [`poll p99 ${p99.toFixed(1)} ms <= ${budget.maxPollP99Ms} ms`, p99 <= budget.maxPollP99Ms],
    ];
    if (pid)
      checks.push([
        `API CPU ${apiCpuPercent.toFixed(1)}% <= ${budget.maxApiCpuPercent}%`,
        apiCpuPercent <= budget.maxApiCpuPercent,
      ]);
    if (!checkBudget(LABEL, checks)) passed = false;
  }
  return passed;
});
