// The tools this server offers: each is one route of the public API (or a fixed pair for the
// current dasha), with a zod input schema and a description written for a language model: what the
// tool answers, the units and conventions of its numbers, and which other tool gives its inputs.
// Validation beyond the shapes (ranges, year limits, a moment without an offset) is the API's: its
// 422 invalid_request comes back as a tool error naming the fields, the same contract as over HTTP.
import type { AstroClient } from '@astro/sdk';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** A tool: its name, description, input shape, hints, and the API request it makes. */
export interface ToolSpec<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  annotations: ToolAnnotations;
  run(api: AstroClient, args: z.infer<z.ZodObject<S>>): Promise<unknown>;
}

const tool = <S extends z.ZodRawShape>(spec: ToolSpec<S>) => spec as unknown as ToolSpec;

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: true };

const chartId = z
  .string()
  .uuid()
  .describe('id of a chart of your account, as returned by create_chart (charts of other accounts are not found)');

const moment = (what: string) =>
  z
    .string()
    .describe(`${what}: ISO 8601 date-time WITH a UTC offset, e.g. 2026-03-20T12:00:00+05:30 or 2026-03-20T06:30:00Z`);

const latitude = z.number().min(-90).max(90).describe('geographic latitude in decimal degrees, north positive');
const longitude = z.number().min(-180).max(180).describe('geographic longitude in decimal degrees, EAST positive');

const birth = z
  .object({
    moment: moment('birth instant').optional(),
    local_time: z
      .string()
      .optional()
      .describe('instead of moment: wall-clock birth time WITHOUT offset (1990-05-15T10:30:00), with time_zone'),
    time_zone: z
      .string()
      .optional()
      .describe('with local_time: IANA zone name, e.g. Asia/Kolkata (find_place gives it)'),
    disambiguation: z
      .enum(['reject', 'earlier', 'later'])
      .optional()
      .describe(
        'local_time repeated or skipped by a clock change: reject (default), or take the earlier/later instant',
      ),
    latitude,
    longitude,
  })
  .describe('birth data: give moment, or local_time + time_zone; plus the birthplace coordinates');

const VARGAS = [
  'D1', 'D2', 'D2_SUN_MOON', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D9', 'D10', 'D11', 'D12', 'D16', 'D20', 'D24',
  'D27', 'D30', 'D40', 'D45', 'D60',
] as const; // prettier-ignore

const matchingPartner = z
  .object({
    chart_id: chartId.optional().describe('a stored Vedic chart of your account; or give birth'),
    birth: z
      .object({ moment: moment('birth instant'), latitude, longitude })
      .optional()
      .describe('inline birth data (moment with offset, coordinates); or give chart_id'),
  })
  .describe('one partner: chart_id or birth');

// openapi-fetch types every path; the tools name theirs literally so a renamed route fails tsc.
export const TOOLS: ToolSpec[] = [
  tool({
    name: 'find_place',
    title: 'Find a place',
    description:
      'Look up a town or city by name in the gazetteer. Answers candidates with latitude, longitude (east positive) ' +
      'and IANA time zone: use them for create_chart (birth.latitude/longitude, birth.time_zone) and panchanga.',
    input: {
      query: z.string().min(2).max(200).describe('place name, e.g. "Pune" or "Paris, France"'),
      limit: z.number().int().min(1).max(20).optional().describe('at most this many candidates (default 6)'),
    },
    annotations: READ,
    run: (api, a) =>
      api.unwrap(api.GET('/v1/geolocation/places', { params: { query: { query: a.query, limit: a.limit } } })),
  }),
  tool({
    name: 'create_chart',
    title: 'Create a natal chart',
    description:
      'Compute and store a natal chart. Answers the chart: its id (for every other chart tool), planets ' +
      '(sign, longitude 0-360 in degrees, degree_in_sign, speed, retrograde, nakshatra for Vedic) and house cusps. ' +
      'Vedic charts are sidereal (Lahiri ayanamsha), Western charts tropical. Counts as one API request.',
    input: {
      birth,
      system: z.enum(['vedic', 'western']).optional().describe('vedic (default, sidereal) or western (tropical)'),
      house_system: z
        .enum(['placidus', 'whole_sign', 'equal', 'porphyry'])
        .optional()
        .describe('default placidus (porphyry inside the polar circles, and the answer says so)'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: (api, a) =>
      api.unwrap(
        api.POST('/v1/charts', {
          body: {
            birth: a.birth as never,
            system: a.system,
            house_system: a.house_system,
            // A Western chart has no ayanamsha; a Vedic one takes the default (Lahiri).
            ...(a.system === 'western' ? { ayanamsha: null } : {}),
          },
        }),
      ),
  }),
  tool({
    name: 'get_chart',
    title: 'Get a chart with its positions',
    description:
      'A stored chart of your account: birth data, planets (sign, longitude in degrees, degree_in_sign, speed per ' +
      'day, retrograde, nakshatra and pada for Vedic charts) and the twelve house cusps.',
    input: { chart_id: chartId },
    annotations: READ,
    run: (api, a) => api.unwrap(api.GET('/v1/charts/{chart_id}', { params: { path: { chart_id: a.chart_id } } })),
  }),
  tool({
    name: 'delete_chart',
    title: 'Delete a chart',
    description: 'Delete a stored chart and everything derived from it. Irreversible.',
    input: { chart_id: chartId },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    run: async (api, a) => {
      await api.unwrap(api.DELETE('/v1/charts/{chart_id}', { params: { path: { chart_id: a.chart_id } } }));
      return { deleted: true, chart_id: a.chart_id };
    },
  }),
  tool({
    name: 'vedic_vargas',
    title: 'Vedic divisional charts (Shodasha vargas)',
    description:
      'The sixteen Shodasha vargas (D1 to D60, Parashara\u2019s rules) of a Vedic chart: for each varga the sign ' +
      'every planet falls in. For one varga (including the ones outside the sixteen) use vedic_divisional_chart.',
    input: { chart_id: chartId },
    annotations: READ,
    run: (api, a) => api.unwrap(api.GET('/v1/vedic/charts/{id}/vargas', { params: { path: { id: a.chart_id } } })),
  }),
  tool({
    name: 'vedic_divisional_chart',
    title: 'One Vedic divisional chart',
    description:
      'One divisional chart (varga) of a chart: D9 is the navamsa, D10 the dashamsa, D1 the rasi chart. Answers ' +
      'the sign every planet falls in, in that varga.',
    input: { chart_id: chartId, varga: z.enum(VARGAS).describe('the division, e.g. D9 (navamsa)') },
    annotations: READ,
    run: (api, a) =>
      api.unwrap(
        api.GET('/v1/vedic/charts/{id}/divisional/{varga}', {
          params: { path: { id: a.chart_id, varga: a.varga as (typeof VARGAS)[number] } },
        }),
      ),
  }),
  tool({
    name: 'vimshottari_current',
    title: 'Vimshottari dasha in force',
    description:
      'The Vimshottari periods in force at a moment for a Vedic chart: md (maha), ad (antar), pd (pratyantar) ' +
      'and sd (sukshma) dasha, each with its lord, starts_at, ends_at, duration_days, the lord\u2019s house, ' +
      'owned houses and dignity. Default moment: now.',
    input: { chart_id: chartId, at: moment('the moment').optional() },
    annotations: READ,
    run: (api, a) =>
      api.unwrap(
        api.GET('/v1/vedic/charts/{id}/dashas/vimshottari/current', {
          params: { path: { id: a.chart_id }, query: { at: a.at ?? new Date().toISOString() } },
        }),
      ),
  }),
  tool({
    name: 'vimshottari_periods',
    title: 'Vimshottari dasha periods',
    description:
      'The Vimshottari dasha timeline of a Vedic chart from birth (120 years): mahadashas with their lords, ' +
      'start and end instants and durations in days, nested to `depth` levels (1 maha, 2 antar, 3 pratyantar).',
    input: {
      chart_id: chartId,
      depth: z.number().int().min(1).max(3).optional().describe('levels to return, 1-3 (default 2: maha and antar)'),
    },
    annotations: READ,
    run: (api, a) =>
      api.unwrap(
        api.GET('/v1/vedic/charts/{id}/dashas/vimshottari', {
          params: { path: { id: a.chart_id }, query: { depth: a.depth ?? 2 } },
        }),
      ),
  }),
  tool({
    name: 'panchanga',
    title: 'Daily panchanga',
    description:
      'The Vedic panchanga of a civil day at a place: sunrise, sunset, moonrise, tithi (with paksha), nakshatra, ' +
      'yoga, karana, vaara and masa with their end times; rahu kalam, yamaganda, gulika kalam, abhijit muhurta, ' +
      'durmuhurtam and chogadia windows. Times carry the place\u2019s offset. Needs no chart.',
    input: {
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
        .describe('the civil day, YYYY-MM-DD, in `timezone`'),
      latitude,
      longitude,
      timezone: z.string().describe('IANA time zone of the place, e.g. Asia/Kolkata (find_place gives it)'),
    },
    annotations: READ,
    run: (api, a) => api.unwrap(api.GET('/v1/vedic/panchanga', { params: { query: a } })),
  }),
  tool({
    name: 'ashtakoota_match',
    title: 'Ashtakoota (guna milan) compatibility',
    description:
      'Vedic marriage matching of two people: the eight kootas (varna to nadi, 36 points in all), the total, ' +
      'Nadi and Bhakoot exceptions and Manglik dosha of both. The rules are directional: give groom and bride.',
    input: { groom: matchingPartner, bride: matchingPartner },
    annotations: { ...READ, readOnlyHint: true },
    run: (api, a) =>
      api.unwrap(api.POST('/v1/vedic/matching/ashtakoota', { body: { groom: a.groom, bride: a.bride } as never })),
  }),
  tool({
    name: 'western_aspects',
    title: 'Western natal aspects',
    description:
      'Aspects among Sun to Pluto, ascendant and midheaven of a Western chart (create it with system "western"; a ' +
      'Vedic chart answers unsupported_astrology_system): planet_a, planet_b, the aspect (conjunction, opposition, ' +
      'trine, square, sextile and minor ones), orb_degrees, strength 0-1 and is_applying.',
    input: { chart_id: chartId },
    annotations: READ,
    run: (api, a) => api.unwrap(api.GET('/v1/western/charts/{id}/aspects', { params: { path: { id: a.chart_id } } })),
  }),
  tool({
    name: 'western_transits',
    title: 'Western transits',
    description:
      'Transits to a Western chart at a moment: hits, each a transiting planet in aspect to a natal planet, ' +
      'with the aspect, its orb in degrees, strength 0-1 and whether it is applying. Default moment: now.',
    input: { chart_id: chartId, at: moment('the transit moment').optional() },
    annotations: READ,
    run: (api, a) =>
      api.unwrap(
        api.GET('/v1/western/charts/{id}/transits', {
          params: { path: { id: a.chart_id }, query: { at: a.at ?? new Date().toISOString() } },
        }),
      ),
  }),
  tool({
    name: 'interpret_chart',
    title: 'Template interpretation of a chart',
    description:
      'Written statements about a chart from the reviewed template library (no LLM): each statement has an id, ' +
      'a skill_id (drive, leadership...), a kind, its text (body) and a score 0-1. Needs a key with the ' +
      'interpretations:write scope.',
    input: {
      chart_id: chartId,
      tone: z.enum(['corporate', 'coach', 'plain', 'vedic_traditional']).optional().describe('default corporate'),
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    run: (api, a) => api.unwrap(api.POST('/v1/interpretations', { body: { chart_id: a.chart_id, tone: a.tone } })),
  }),
];
