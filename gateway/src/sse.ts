// Server-streaming RPC -> Server-Sent Events. Nothing is written until the first message arrives, so a
// plan or budget error raised before it is still a real HTTP status (DESIGN.md §2). Each message's
// `event` field names the SSE event (meta, delta, done); the rest is the event's data.
import type { Response } from 'express';
import type { ClientReadableStream, ServiceError } from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { AppError, errorBody, fromGrpcError } from '@astro/platform';
import { messageToJson } from './json-codec.ts';

function frame(json: Record<string, unknown>): string {
  const event = typeof json.event === 'string' && json.event ? json.event : 'message';
  const { event: _e, ...data } = json;
  const payload = 'data' in data && Object.keys(data).length === 1 ? data.data : data;
  return `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
}

export function writeSse(
  res: Response,
  stream: ClientReadableStream<Record<string, unknown>>,
  type: protobuf.Type,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
    };
    res.on('close', () => stream.cancel());
    stream.on('data', (msg) => {
      start();
      res.write(frame(messageToJson(type, msg)));
    });
    let failed = false;
    stream.on('end', () => {
      // grpc-js emits 'end' after 'error' too: the error already answered (HTTP error or error event).
      if (failed) return;
      start();
      res.end();
      resolve();
    });
    stream.on('error', (err: unknown) => {
      failed = true;
      const app = err instanceof AppError ? err : fromGrpcError(err as ServiceError);
      if (!started) return reject(app);
      res.write(`event: error\ndata: ${JSON.stringify(errorBody(app, res.locals.requestId ?? null))}\n\n`);
      res.end();
      resolve();
    });
  });
}
