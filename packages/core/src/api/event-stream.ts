import { type EventSourceMessage, EventSourceParserStream } from 'eventsource-parser/stream';

export type { EventSourceMessage };

/**
 * Reads a Server-Sent Events body (`fetch` rather than `EventSource`, since the streams
 * need the Authorization header) with eventsource-parser until it ends, calling `onMessage`
 * per event. Resolves when the stream ends; rejects when reading fails or is aborted.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  onMessage: (message: EventSourceMessage) => void,
): Promise<void> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onMessage(value);
  }
}
