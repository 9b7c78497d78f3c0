// Server-Sent Events of the /stream routes: `meta` once, `delta` zero or more, then `done` or `error`
// (spec 3-western-llm.md "Events"). Parsed incrementally from the response body by the WHATWG rules
// (event: and data: lines, a blank line ends an event); each data is one JSON document.
import type { components } from './schema.ts';

type S = components['schemas'];
export type StreamEvent =
  | { event: 'meta'; data: S['SseMetaEvent'] }
  | { event: 'delta'; data: S['SseDeltaEvent'] }
  | { event: 'done'; data: S['SseDoneEvent'] }
  | { event: 'error'; data: S['Error'] };

export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): StreamEvent | undefined => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (!data.length) return undefined;
    return { event, data: JSON.parse(data.join('\n')) } as StreamEvent;
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: RegExpExecArray | null;
    while ((end = /\r?\n\r?\n/.exec(buffer))) {
      const block = buffer.slice(0, end.index);
      buffer = buffer.slice(end.index + end[0].length);
      const ev = parse(block);
      if (ev) yield ev;
    }
  }
  const last = parse(buffer + decoder.decode());
  if (last) yield last;
}
