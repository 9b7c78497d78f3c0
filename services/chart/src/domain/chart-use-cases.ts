// Chart use cases: create, read, delete and tenant erasure (chart-erasure.ts), the demo and place search.
import { AppError, EVENTS, eventMessage, uuidv7, type OutboxMessage } from '@astro/platform';
import type { ChartErasure } from './chart-erasure.ts';
import { validateChartRequest, type ChartRequestInput } from './chart-input.ts';
import { chartView, computeRecord, type ChartRecord } from './chart-record.ts';
import { enforceDemoLimit, type DemoHitStore, type DemoLimit } from './demo-limiter.ts';

/** Writes inside one database transaction; `emit` adds an event to the outbox of that transaction. */
export interface ChartTx {
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteAllOf(tenantId: string): Promise<number>;
  emit(msg: OutboxMessage): Promise<void>;
}

export interface ChartRepository {
  find(tenantId: string, id: string): Promise<ChartRecord | null>;
  /** Stores a new chart and its event together, or neither. */
  insertWithEvent(r: ChartRecord, event: OutboxMessage): Promise<void>;
  /** Commits the writes of `work` (rows and outbox events) together, or none of them. */
  transaction<T>(work: (tx: ChartTx) => Promise<T>): Promise<T>;
}

/** Spec 1-platform.md "Place candidate". */
export interface Place {
  /** GeoNames name of the place (not localised: the data's alternate names carry no language). */
  name: string;
  /** First-level division (state, province, region) in English; '' when unknown. */
  admin1: string;
  /** Country name in the requested language (CLDR). */
  country: string;
  latitude: number;
  longitude: number;
  /** IANA zone id. */
  timezone: string;
  population: number;
  /** "Munich, Bavaria, Germany"; the division is left out when empty or equal to the name. */
  label: string;
}

export interface PlaceSearchPort {
  search(query: string, opts: { language?: string; limit?: number }): Promise<Place[]>;
}

/** The chart.created event of a new chart (its outbox row). */
export function chartCreatedEvent(record: ChartRecord): OutboxMessage {
  return eventMessage(EVENTS.ChartCreated, {
    tenant_id: record.tenant_id,
    chart_id: record.id,
    system: record.system,
    created_at: record.computed_at.toISOString(),
  });
}

export class ChartUseCases {
  constructor(
    private readonly charts: ChartRepository,
    private readonly demoHits: DemoHitStore,
    private readonly demoLimit: DemoLimit,
    private readonly places: PlaceSearchPort,
    private readonly erasure: ChartErasure,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(tenantId: string, input: ChartRequestInput) {
    const req = validateChartRequest(input);
    const record = computeRecord(uuidv7(), tenantId, req, this.now());
    // The row and its chart.created event commit together (transactional outbox).
    await this.charts.insertWithEvent(record, chartCreatedEvent(record));
    return chartView(record);
  }

  private async mustFind(tenantId: string, id: string): Promise<ChartRecord> {
    const r = await this.charts.find(tenantId, id);
    if (!r) throw new AppError('chart_not_found', 'Chart not found.', { chart_id: id });
    return r;
  }

  async get(tenantId: string, id: string) {
    return chartView(await this.mustFind(tenantId, id));
  }

  /** The calculation services' read path: the chart plus what they compute from. */
  async read(tenantId: string, id: string) {
    const r = await this.mustFind(tenantId, id);
    return {
      chart: chartView(r),
      utc_ms: r.birth_utc_ms,
      offset_minutes: r.offset_minutes,
      jd_ut: r.jd_ut,
      requested_house_system: r.requested_house_system,
    };
  }

  delete(tenantId: string, id: string): Promise<void> {
    return this.erasure.deleteChart(tenantId, id);
  }

  eraseTenantData(tenantId: string, confirm: string | undefined) {
    return this.erasure.eraseTenant(tenantId, confirm);
  }

  async demo(clientKey: string, input: ChartRequestInput) {
    const req = validateChartRequest(input);
    await enforceDemoLimit(this.demoHits, clientKey, this.demoLimit, this.now());
    return chartView(computeRecord('', '', req, this.now()), { demo: true });
  }

  searchPlaces(query: string, language: string | undefined, limit: number | undefined) {
    return this.places.search(query, { language, limit });
  }
}
