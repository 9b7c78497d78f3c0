// Reads a text/event-stream response into its events (name + parsed JSON data), for the streaming
// LLM routes. A client-side parser written from the WHATWG HTML "server-sent events" rules (event:
// and data: fields, blank line ends an event), independent of the gateway's writer.
export interface SseEvent {
  event: string;
  data: any;
}

export function parseSse(text: string): SseEvent[] {
  const out: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    if (!block.trim()) continue;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    out.push({ event, data: data.length ? JSON.parse(data.join('\n')) : null });
  }
  return out;
}
