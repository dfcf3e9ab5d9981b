import { describe, expect, it } from 'vitest';
import { type EventSourceMessage, readEventStream } from './event-stream.ts';

function body(chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk) as Uint8Array<ArrayBuffer>);
      controller.close();
    },
  });
}

describe('readEventStream', () => {
  it('reads events split across chunks, with CRLF, comments and multi-line data', async () => {
    const seen: EventSourceMessage[] = [];
    await readEventStream(
      body([
        'retry: 3000\n\n: ok\n\nid: 7\nevent: mess',
        'age\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: position\ndata: x\n\n',
      ]),
      (message) => seen.push(message),
    );
    expect(seen.map(({ id, event, data }) => ({ id, event, data }))).toEqual([
      { id: '7', event: 'message', data: '{"a":\n1}' },
      { id: undefined, event: 'position', data: 'x' },
    ]);
  });
});
