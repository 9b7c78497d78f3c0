// @astro/astro-core: the astronomy every calculation service shares (charts, tables, event searches).
export { ascendantLongitude, BIRTH_MAX_YEAR, BIRTH_MIN_YEAR, computeChart } from './chart.ts';
export type { AstroSystem, ChartInput, ComputedChart, HouseCusp, Position } from './chart.ts';
export { HOUSE_SYSTEMS, type HouseSystem } from './houses.ts';
export { parseMoment } from './moment.ts';
export {
  ayanamshaDegrees,
  BODY_KEYS,
  BUNDLED_EPHE_PATH,
  ephemerisMode,
  initEphemeris,
  julianDayUT,
  utcMsFromJulianDay,
} from './ephemeris.ts';
export type { BodyKey, EphemerisMode } from './ephemeris.ts';
export {
  apparentLongitude,
  bodyLongitude,
  findAllAngleCrossings,
  findAllLongitudeCrossings,
  findAngleCrossing,
  findLongitudeCrossing,
  findStations,
  riseSet,
  STEP_MS,
} from './events.ts';
export type { FrameOption, LongitudeCrossing, RiseSetOptions, Station } from './events.ts';
export * from './tables.ts';
export * from './significators.ts';
export * from './dignity.ts';
export {
  AYANAMSHA_IDS,
  AYANAMSHAS,
  currentAyanamsha,
  siderealFrame,
  DEFAULT_AYANAMSHA,
  isAyanamsha,
  rebindAyanamsha,
  withAyanamsha,
} from './ayanamsha.ts';
export type { AyanamshaDef, AyanamshaId } from './ayanamsha.ts';
