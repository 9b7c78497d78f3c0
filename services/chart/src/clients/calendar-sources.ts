// The calculation routes a calendar feed is made of, reached over gRPC exactly as the gateway reaches
// them for the JSON routes (Vimshottari and muhurta search on vedic-calc, transit windows on
// western-calc), so a feed and the JSON route can never disagree. A feed fetch has no caller: the
// calls carry a principal of the feed's tenant with charts:read only, so the calculation services read
// the chart as that tenant and nothing else.
import * as grpc from '@grpc/grpc-js';
import { DashaServiceClient } from '@astro/protos/astro/vedic/v1/dashas';
import { MuhurtaServiceClient } from '@astro/protos/astro/vedic/v1/muhurta';
import { WesternPredictiveServiceClient } from '@astro/protos/astro/western/v1/predictive';
import { channelOptions, grpcTarget, outgoingMetadata, unary, writePrincipal, type Principal } from '@astro/platform';
import type { CalendarSources, MuhurtaSearch } from '../domain/calendar/feeds.ts';
import type { MuhurtaCandidateJson, TransitWindowJson, VimshottariJson } from '../domain/calendar/events.ts';

const creds = grpc.credentials.createInsecure();
/** A 120-year chain at depth 2 or a 31-day muhurta scan on a busy machine: more than a chart read. */
const DEADLINE_MS = 30_000;

function feedPrincipal(tenantId: string): Principal {
  return { kind: 'api_key', tenant_id: tenantId, user_id: '', key_id: '', scopes: ['charts:read'], plan_tier: '' };
}

export class GrpcCalendarSources implements CalendarSources {
  private readonly dashas: DashaServiceClient;
  private readonly muhurta: MuhurtaServiceClient;
  private readonly western: WesternPredictiveServiceClient;

  constructor(addr: { vedicCalc: string; westernCalc: string }) {
    this.dashas = new DashaServiceClient(grpcTarget(addr.vedicCalc), creds, channelOptions());
    this.muhurta = new MuhurtaServiceClient(grpcTarget(addr.vedicCalc), creds, channelOptions());
    this.western = new WesternPredictiveServiceClient(grpcTarget(addr.westernCalc), creds, channelOptions());
  }

  private opts(tenantId: string) {
    return { metadata: outgoingMetadata((md) => writePrincipal(md, feedPrincipal(tenantId))), deadlineMs: DEADLINE_MS };
  }

  async vimshottari(tenantId: string, chartId: string, depth: 1 | 2): Promise<VimshottariJson> {
    // The route answers pre-serialised JSON (google.api.HttpBody): the very bytes the client would get.
    const body = await unary(this.dashas, this.dashas.getVimshottari, { id: chartId, depth }, this.opts(tenantId));
    return JSON.parse(Buffer.from(body.data).toString('utf8')) as VimshottariJson;
  }

  async transitWindows(tenantId: string, chartId: string, startsAt: string, endsAt: string) {
    const r = await unary(
      this.western,
      this.western.getTransitWindows,
      { id: chartId, starts_at: startsAt, ends_at: endsAt },
      this.opts(tenantId),
    );
    return r.items as TransitWindowJson[];
  }

  async muhurtaSearch(tenantId: string, chartId: string, q: MuhurtaSearch) {
    const r = await unary(
      this.muhurta,
      this.muhurta.searchMuhurta,
      { natal_chart_id: chartId, ...q },
      this.opts(tenantId),
    );
    return r.candidates as MuhurtaCandidateJson[];
  }

  async muhurtaActivities(): Promise<string[]> {
    const r = await unary(this.muhurta, this.muhurta.listMuhurtaActivityTypes, {}, { metadata: outgoingMetadata() });
    return r.activities.map((a) => a.activity_type);
  }

  close(): void {
    this.dashas.close();
    this.muhurta.close();
    this.western.close();
  }
}
