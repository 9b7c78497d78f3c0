// JaiminiService: proto <-> domain for the Jaimini routes (spec 2-vedic.md "Jaimini"). Vedic charts only.
import { type ClassicalPlanet, type Sign, siderealFrame } from '@astro/astro-core';
import { service, type CallContext, type Registration } from '@astro/platform';
import type { FeatureUsed } from '@astro/protos/astro/vedic/v1/common';
import { JaiminiServiceService } from '@astro/protos/astro/vedic/v1/jaimini';
import { arudhaPadas } from '../domain/jaimini/arudha.ts';
import { rashiAspects } from '../domain/jaimini/aspects.ts';
import { badhaka } from '../domain/jaimini/badhaka.ts';
import { charaKarakas, METHOD_VERSION } from '../domain/jaimini/karakas.ts';
import { vargaSign } from '../domain/vargas/charts.ts';
import type { StoredChart } from '../clients/chart-source.ts';
import type { VedicDeps } from './deps.ts';

const GRAHAS = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn', 'rahu', 'ketu'];

const features = (fields: string[]): FeatureUsed[] => [{ source: 'natal_chart', version: siderealFrame(), fields }];

function positions(stored: StoredChart) {
  return stored.chart?.planets ?? [];
}

function signOfBody(stored: StoredChart, planet: string): Sign {
  const p = positions(stored).find((x) => x.planet === planet);
  if (!p) throw new Error(`chart has no ${planet}`);
  return p.sign as Sign;
}

function karakas(stored: StoredChart) {
  return charaKarakas(positions(stored));
}

function arudha(stored: StoredChart) {
  return arudhaPadas(signOfBody(stored, 'ascendant'), (p: ClassicalPlanet) => signOfBody(stored, p));
}

export function jaiminiRegistrations(deps: VedicDeps): Registration[] {
  const load = (ctx: CallContext, id: string) => deps.charts.load(ctx, id);
  return [
    service('astro.vedic.v1.JaiminiService', JaiminiServiceService, {
      getKarakas: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const assignments = karakas(stored);
        const ak = assignments[0]!;
        const akLongitude = positions(stored).find((p) => p.planet === ak.planet)!.longitude;
        return {
          chart_id: req.id,
          method_version: METHOD_VERSION,
          assignments,
          atmakaraka: ak.planet,
          amatyakaraka: assignments[1]!.planet,
          karakamsha_sign: vargaSign('D9', akLongitude),
          features_used: features(['planets.degree_in_sign', 'planets.longitude']),
        };
      },
      getArudha: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        return {
          chart_id: req.id,
          method_version: METHOD_VERSION,
          ...arudha(stored),
          features_used: features(['planets.sign']),
        };
      },
      getAspects: async (req, ctx) => {
        const stored = await load(ctx, req.id);
        const occupants = GRAHAS.map((g) => ({ planet: g, sign: signOfBody(stored, g) }));
        return {
          chart_id: req.id,
          method_version: METHOD_VERSION,
          aspects: rashiAspects(occupants),
          features_used: features(['planets.sign']),
        };
      },
      getLegacyKarakas: async (req, ctx) => ({ chart_id: req.id, assignments: karakas(await load(ctx, req.id)) }),
      getLegacyArudha: async (req, ctx) => {
        const a = arudha(await load(ctx, req.id));
        return { chart_id: req.id, lagna_sign: a.lagna_sign, entries: a.entries };
      },
      getBadhaka: async (req, ctx) => badhaka(signOfBody(await load(ctx, req.id), 'ascendant')),
    }),
  ];
}
