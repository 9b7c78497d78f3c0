// Usage use cases: the four report routes and the ingest of usage.recorded events.
import { AppError, isUuid, type Principal } from '@astro/platform';
import type { Log } from '../logging.ts';
import type { ApiKeyRepository, Clock } from '../ports.ts';
import { rollup, type RollupDelta } from './records.ts';
import { endpointReport, hourlyReport, type RollupRow, type UsageReportView } from './report.ts';
import { endpointLimit, hourRange, usageWindow } from './window.ts';

export interface UsageRepository {
  /** Folds the deltas of one bus event in, once: false when the event was already applied. */
  applyOnce(eventId: string, deltas: RollupDelta[], at: Date): Promise<boolean>;
  /** (hour, route) rows of one key within [fromHour, toExclusive). */
  rowsForKey(tenantId: string, keyId: string, fromHour: Date, toExclusive: Date): Promise<RollupRow[]>;
  /** (hour, route) rows summed over the tenant's keys active at `now`. */
  rowsForActiveKeys(tenantId: string, now: Date, fromHour: Date, toExclusive: Date): Promise<RollupRow[]>;
  /** Forgets processed-event ids older than `before` (redeliveries come within minutes, not days). */
  pruneProcessed(before: Date): Promise<number>;
}

export interface WindowInput {
  since?: string;
  until?: string;
}

const PRUNE_AFTER_MS = 7 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export class Usage {
  private lastPrune = 0;

  constructor(
    private readonly deps: {
      usage: UsageRepository;
      apiKeys: Pick<ApiKeyRepository, 'findInTenant'>;
      clock: Clock;
      log: Log;
    },
  ) {}

  async tenantHourly(caller: Principal, input: WindowInput): Promise<UsageReportView> {
    const now = this.deps.clock.now();
    const w = usageWindow(input, now);
    const { fromHour, toExclusive } = hourRange(w);
    return hourlyReport(w, await this.deps.usage.rowsForActiveKeys(caller.tenant_id, now, fromHour, toExclusive));
  }

  async tenantEndpoints(caller: Principal, input: WindowInput & { limit?: number }): Promise<UsageReportView> {
    const now = this.deps.clock.now();
    const w = usageWindow(input, now);
    const limit = endpointLimit(input.limit);
    const { fromHour, toExclusive } = hourRange(w);
    const rows = await this.deps.usage.rowsForActiveKeys(caller.tenant_id, now, fromHour, toExclusive);
    return endpointReport(w, rows, limit);
  }

  async keyHourly(caller: Principal, keyId: string, input: WindowInput): Promise<UsageReportView> {
    const w = usageWindow(input, this.deps.clock.now());
    await this.requireKey(caller, keyId);
    const { fromHour, toExclusive } = hourRange(w);
    return hourlyReport(w, await this.deps.usage.rowsForKey(caller.tenant_id, keyId, fromHour, toExclusive));
  }

  async keyEndpoints(
    caller: Principal,
    keyId: string,
    input: WindowInput & { limit?: number },
  ): Promise<UsageReportView> {
    const w = usageWindow(input, this.deps.clock.now());
    const limit = endpointLimit(input.limit);
    await this.requireKey(caller, keyId);
    const { fromHour, toExclusive } = hourRange(w);
    return endpointReport(w, await this.deps.usage.rowsForKey(caller.tenant_id, keyId, fromHour, toExclusive), limit);
  }

  /** Revoked keys keep their history; another tenant's key (or a malformed id) is 404 like a missing one. */
  private async requireKey(caller: Principal, keyId: string): Promise<void> {
    if (!isUuid(keyId) || !(await this.deps.apiKeys.findInTenant(keyId, caller.tenant_id)))
      throw new AppError('api_key_not_found');
  }

  /** Bus handler for usage.recorded: idempotent per event id. */
  async ingest(event: { id: string; payload: unknown }): Promise<void> {
    const now = this.deps.clock.now();
    const { deltas, skipped } = rollup(event.payload);
    if (skipped) this.deps.log.warn('usage records skipped as malformed', { event_id: event.id, skipped });
    await this.deps.usage.applyOnce(event.id, deltas, now);
    if (now.getTime() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await this.deps.usage.pruneProcessed(new Date(now.getTime() - PRUNE_AFTER_MS));
    }
  }
}
