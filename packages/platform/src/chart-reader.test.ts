// The calc services' chart reads (ChartReader) against a stand-in chart service: while its deletion
// stream (WatchErasures) is followed, cached charts stay past CALC_CHART_MAX_AGE_MS and go when a
// deletion is told; once the stream breaks they expire again, and a new hello starts from nothing.
import assert from 'node:assert/strict';
import { afterAll as after, beforeAll as before, describe, it } from '@jest/globals';
import { ChartReaderServiceService, StoredChart, type ChartErasure } from '@astro/protos/astro/chart/v1/chart';
import { AppError } from './errors.ts';
import { ChartCache } from './chart-cache.ts';
import { ChartReader } from './chart-reader.ts';
import { service, startGrpcServer, type RunningServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';

const TENANT = '0190a0a0-0000-7000-8000-000000000001';
const CHART = '0190a0a0-0000-7000-8000-0000000000c1';

let server: RunningServer;
let reads = 0;
/** The open watch streams: send a message, or end one with an error. */
const watchers: { send(m: ChartErasure): void; fail(): void }[] = [];
let now = 1_000_000;
let reader: ChartReader;

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether a read of the chart reached the stand-in service. */
async function readReachedService(): Promise<boolean> {
  const before = reads;
  await reader.read(TENANT, CHART);
  return reads > before;
}

describe('ChartReader following the chart service deletion stream', () => {
  before(async () => {
    server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('test', 'error'),
      services: [
        service('astro.chart.v1.ChartReaderService', ChartReaderServiceService, {
          readChart: async (req) => {
            reads++;
            return StoredChart.fromPartial({ chart: { id: req.chart_id } });
          },
          watchErasures: (_req, ctx, send) =>
            new Promise<void>((resolve, reject) => {
              const w = {
                send: (m: ChartErasure) => void send(m),
                fail: () => reject(new AppError('service_unavailable', 'not hearing')),
              };
              watchers.push(w);
              send({ kind: 'hello', tenant_id: '', chart_id: '' });
              ctx.signal.addEventListener('abort', () => resolve(), { once: true });
            }),
        }),
      ],
    });
    reader = new ChartReader(`127.0.0.1:${server.port}`, new ChartCache(10, 1000, () => now));
    reader.watchErasures(createLogger('test', 'error'));
  });

  after(async () => {
    reader?.close();
    await server?.shutdown(100);
  });

  it('keeps a chart past the maximum age while the stream is up, and drops it when a deletion is told', async () => {
    await until('the hello arrives', async () => {
      await reader.read(TENANT, CHART);
      now += 5000; // five times the maximum age
      return !(await readReachedService());
    });
    watchers.at(-1)!.send({ kind: 'chart', tenant_id: TENANT, chart_id: CHART });
    await until('the deletion is heard', readReachedService);
    assert.equal(await readReachedService(), false, 'read afresh once, then kept again');
    watchers.at(-1)!.send({ kind: 'tenant', tenant_id: TENANT, chart_id: '' });
    await until('the tenant erasure is heard', readReachedService);
  });

  it('once the stream breaks, charts expire again; the next hello starts from nothing', async () => {
    await reader.read(TENANT, CHART);
    const count = watchers.length;
    watchers.at(-1)!.fail();
    now += 5000;
    await until('an expired chart is read afresh', readReachedService, 2000);
    now += 5000;
    assert.equal(await readReachedService(), true, 'expired again: nothing is trusted without the stream');
    await until('the stream is opened again', () => watchers.length > count);
    await until('the hello arrives', async () => {
      now += 5000;
      return !(await readReachedService());
    });
  });
});
