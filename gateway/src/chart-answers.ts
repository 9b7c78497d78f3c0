// Answers about stored charts kept in memory: GET /v1/charts/{chart_id} was a gRPC hop, a read in the
// chart service and a protobuf -> JSON transcoding per request (issue 18's chart-read profile); a
// stored chart never changes, it is only erased, so its JSON text can be answered from here.
// Which routes are cached, and which erase, is said in the protos ((astro.api.v1.route).chart_answer).
// Entries are keyed by the caller's tenant and the chart id (lowercased: the chart service matches any
// spelling of a UUID), so a tenant never sees another's answer. Deletions reach this cache three ways:
// - a deleting route answered here erases the entry when it succeeds (read-your-writes on one gateway);
// - the chart service's WatchErasures stream tells every deletion of every replica as it commits, so
//   another gateway's deletion, a tenant erasure cascade or an operator's erasure is heard within
//   milliseconds of the commit;
// - while that stream is down nothing is kept or answered from memory, and all is dropped.
// A read in flight while a deletion is heard is not stored (ChartCache's generation ticket).
import type protobuf from 'protobufjs';
import { ChartCache, type Logger } from '@astro/platform';
import { internalTarget, type Backends } from './backends.ts';
import { follow } from './watch.ts';

export interface ChartErasureMessage {
  kind: string; // hello | chart | tenant
  tenant_id: string;
  chart_id: string;
}

export class ChartAnswers {
  private readonly cache: ChartCache<Buffer>;

  /** @param capacity answers kept (a chart's JSON is ~5 kB); 0 turns the cache off */
  constructor(private readonly capacity: number) {
    this.cache = new ChartCache<Buffer>(Math.max(1, capacity));
  }

  /** Only while the stream is up (its hello heard): a deletion could otherwise go unheard. */
  private get on(): boolean {
    return this.cache.hearingErasures && this.capacity > 0;
  }

  get(tenantId: string, chartId: string): Buffer | undefined {
    return this.on ? this.cache.get(tenantId, chartId.toLowerCase()) : undefined;
  }

  /** A snapshot to pass back to put(), taken before asking the chart service. */
  ticket(): number {
    return this.cache.ticket();
  }

  put(tenantId: string, chartId: string, body: Buffer, ticket: number): void {
    if (this.on) this.cache.put(tenantId, chartId.toLowerCase(), body, ticket);
  }

  /** A deleting route succeeded here: the chart (or every chart of the tenant, chartId null) is gone. */
  erase(tenantId: string, chartId: string | null): void {
    this.cache.erase(tenantId, chartId?.toLowerCase() ?? null);
  }

  /** The watch stream's messages: 'hello' starts keeping answers; the others drop matching entries. */
  apply(msg: ChartErasureMessage): void {
    this.cache.applyErasure(msg);
  }

  /** The watch stream broke: keep and answer nothing until the next 'hello'. */
  disconnected(): void {
    this.cache.hearErasures(false);
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }
}

/** Follows the chart service's WatchErasures into `answers`; the returned function stops (shutdown). */
export function followChartErasures(
  backends: Backends,
  root: protobuf.Root,
  answers: ChartAnswers,
  logger: Logger,
): () => void {
  return follow<ChartErasureMessage>(
    backends,
    internalTarget(root, 'astro.chart.v1.ChartReaderService', 'WatchErasures'),
    { what: 'chart answer cache', onMessage: (m) => answers.apply(m), onBroken: () => answers.disconnected() },
    logger,
  );
}
