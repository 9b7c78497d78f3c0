// One relationship computed in full: synastry contacts, house overlays both ways, composite and
// Davison charts and the score breakdown. Pure: two charts in, one report out (the caller stores it).
import { compositeChart, type CompositeChart } from './composite.ts';
import { davisonChart, type DavisonChart } from './davison.ts';
import { houseOverlays, type OverlayDirection } from './overlays.ts';
import { scoreBreakdown, type ScoreBreakdown } from './score.ts';
import { synastryContacts, type SynastryContact } from './synastry.ts';
import type { ChartData } from './chart-data.ts';

/** Bump whenever a number or a field of a relationship answer can change. */
export const RELATIONSHIP_METHOD_VERSION = 'western-relationship-v1';

export interface RelationshipResult {
  chart_a_id: string;
  chart_b_id: string;
  synastry: {
    contacts: SynastryContact[];
    contact_count: number;
    harmonious_count: number;
    dynamic_count: number;
    neutral_count: number;
  };
  house_overlays: { a_in_b: OverlayDirection; b_in_a: OverlayDirection };
  composite: CompositeChart;
  davison: DavisonChart;
  scores: ScoreBreakdown;
}

export function relationship(a: ChartData, b: ChartData): RelationshipResult {
  const contacts = synastryContacts(a, b);
  const count = (tone: string) => contacts.filter((c) => c.tone === tone).length;
  return {
    chart_a_id: a.chartId,
    chart_b_id: b.chartId,
    synastry: {
      contacts,
      contact_count: contacts.length,
      harmonious_count: count('harmonious'),
      dynamic_count: count('dynamic'),
      neutral_count: count('neutral'),
    },
    house_overlays: houseOverlays(a, b),
    composite: compositeChart(a, b),
    davison: davisonChart(a, b),
    scores: scoreBreakdown(contacts),
  };
}
