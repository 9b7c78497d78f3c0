// The calculation services the engine context is built from, one small adapter per source. Calls
// carry the caller's principal (so vedic-calc reads the chart as that tenant) and the request id.
import * as grpc from '@grpc/grpc-js';
import { ChartReaderServiceClient, type StoredChart } from '@astro/protos/astro/chart/v1/chart';
import { DashaServiceClient } from '@astro/protos/astro/vedic/v1/dashas';
import { JaiminiServiceClient } from '@astro/protos/astro/vedic/v1/jaimini';
import { MuhurtaServiceClient } from '@astro/protos/astro/vedic/v1/muhurta';
import { PredictServiceClient } from '@astro/protos/astro/vedic/v1/predict';
import { WesternCoreServiceClient } from '@astro/protos/astro/western/v1/core';
import { WesternPredictiveServiceClient } from '@astro/protos/astro/western/v1/predictive';
import {
  AppError,
  channelOptions,
  grpcTarget,
  outgoingMetadata,
  unary,
  writePrincipal,
  type Principal,
} from '@astro/platform';

import type { CalcSources, MuhurtaWindow } from '../domain/ports.ts';

export type { CalcSources, MuhurtaWindow, StoredChart };

export interface SourceAddresses {
  chart: string;
  vedicCalc: string;
  westernCalc: string;
}

/** The predict routes answer pre-serialised JSON (google.api.HttpBody). */
const parseBody = (r: { data: Uint8Array | Buffer }): Record<string, any> =>
  JSON.parse(Buffer.from(r.data).toString('utf8'));

const creds = grpc.credentials.createInsecure();

export class GrpcCalcSources implements CalcSources {
  private readonly chart: ChartReaderServiceClient;
  private readonly dashas: DashaServiceClient;
  private readonly jaimini: JaiminiServiceClient;
  private readonly muhurta: MuhurtaServiceClient;
  private readonly predict: PredictServiceClient;
  private readonly westernCore: WesternCoreServiceClient;
  private readonly westernPredictive: WesternPredictiveServiceClient;

  constructor(addr: SourceAddresses) {
    this.chart = new ChartReaderServiceClient(grpcTarget(addr.chart), creds, channelOptions());
    this.dashas = new DashaServiceClient(grpcTarget(addr.vedicCalc), creds, channelOptions());
    this.jaimini = new JaiminiServiceClient(grpcTarget(addr.vedicCalc), creds, channelOptions());
    this.muhurta = new MuhurtaServiceClient(grpcTarget(addr.vedicCalc), creds, channelOptions());
    this.predict = new PredictServiceClient(grpcTarget(addr.vedicCalc), creds, channelOptions());
    this.westernCore = new WesternCoreServiceClient(grpcTarget(addr.westernCalc), creds, channelOptions());
    this.westernPredictive = new WesternPredictiveServiceClient(grpcTarget(addr.westernCalc), creds, channelOptions());
  }

  private md(p: Principal): grpc.Metadata {
    return outgoingMetadata((md) => writePrincipal(md, p));
  }

  async readChart(p: Principal, chartId: string, system: 'vedic' | 'western'): Promise<StoredChart> {
    const stored = await unary(
      this.chart,
      this.chart.readChart,
      { tenant_id: p.tenant_id, chart_id: chartId },
      { metadata: this.md(p) },
    );
    if (stored.chart?.system !== system)
      throw new AppError(
        'unsupported_astrology_system',
        `This route needs a ${system === 'vedic' ? 'Vedic' : 'Western'} chart.`,
        {
          chart_id: chartId,
          system: stored.chart?.system ?? null,
          required: system,
        },
      );
    return stored;
  }

  vimshottariCurrent(p: Principal, chartId: string, at: string) {
    return unary(this.dashas, this.dashas.getVimshottariCurrent, { id: chartId, at }, { metadata: this.md(p) });
  }

  jaiminiKarakas(p: Principal, chartId: string) {
    return unary(this.jaimini, this.jaimini.getKarakas, { id: chartId }, { metadata: this.md(p) });
  }

  muhurtaCandidates(p: Principal, chartId: string, w: MuhurtaWindow) {
    return unary(
      this.muhurta,
      this.muhurta.getLegacyMuhurta,
      { id: chartId, ...w },
      { metadata: this.md(p), deadlineMs: 30_000 },
    );
  }

  async completeFactor(p: Principal, chartId: string, theme: string, at?: string) {
    return parseBody(
      await unary(
        this.predict,
        this.predict.getCompleteFactor,
        { id: chartId, theme, at },
        { metadata: this.md(p), deadlineMs: 30_000 },
      ),
    );
  }

  async metaFactors(p: Principal, chartId: string) {
    return parseBody(
      await unary(
        this.predict,
        this.predict.getMetaFactors,
        { id: chartId },
        { metadata: this.md(p), deadlineMs: 30_000 },
      ),
    );
  }

  async periodModifiers(p: Principal, chartId: string, at: string) {
    return parseBody(
      await unary(this.predict, this.predict.getPeriodModifiers, { id: chartId, at }, { metadata: this.md(p) }),
    );
  }

  async transitModifiers(p: Principal, chartId: string, at: string) {
    return parseBody(
      await unary(this.predict, this.predict.getTransitModifiers, { id: chartId, at }, { metadata: this.md(p) }),
    );
  }

  async westernNatal(p: Principal, chartId: string) {
    const w = this.westernCore;
    const md = () => ({ metadata: this.md(p) });
    const [summary, aspects, dignities, houses, dispositors, patterns] = await Promise.all([
      unary(w, w.getSummary, { id: chartId }, md()),
      unary(w, w.getAspects, { id: chartId }, md()),
      unary(w, w.getDignities, { id: chartId }, md()),
      unary(w, w.getHouses, { id: chartId }, md()),
      unary(w, w.getDispositors, { id: chartId }, md()),
      unary(w, w.getPatterns, { id: chartId }, md()),
    ]);
    return {
      summary,
      aspects: aspects.items,
      dignities: dignities.items,
      houses: houses.items,
      dispositors: dispositors.items,
      patterns: patterns.items,
    };
  }

  async westernForecast(p: Principal, chartId: string, startsAt: string, endsAt: string) {
    const w = this.westernPredictive;
    const md = () => ({ metadata: this.md(p), deadlineMs: 30_000 });
    const [windows, profection, lunation] = await Promise.all([
      unary(w, w.getTransitWindows, { id: chartId, starts_at: startsAt, ends_at: endsAt }, md()),
      unary(w, w.getProfections, { id: chartId, at: startsAt }, md()),
      unary(w, w.getProgressedLunation, { id: chartId, at: startsAt }, md()),
    ]);
    return { transit_windows: windows.items, annual_profection: profection, progressed_lunation: lunation };
  }

  close(): void {
    for (const c of [
      this.chart,
      this.dashas,
      this.jaimini,
      this.muhurta,
      this.predict,
      this.westernCore,
      this.westernPredictive,
    ])
      c.close();
  }
}
