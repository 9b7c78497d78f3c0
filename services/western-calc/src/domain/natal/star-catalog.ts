// Compact fixed-star catalog: 66 bright and traditional stars. Positions: ICRS (J2000.0) right
// ascension and declination with proper motions (mas/yr; RA component already × cos δ) and V
// magnitudes from the SIMBAD astronomical database (Hipparcos, van Leeuwen 2007 reduction), as
// collected in the Swiss Ephemeris star file sefstars.txt (D. Koch, 2018). Natures: Ptolemy,
// Tetrabiblos I.9, as tabulated by V. Robson, "The Fixed Stars and Constellations in Astrology"
// (1923); keywords are our short summaries of Robson's and Brady's ("Brady's Book of Fixed Stars",
// 1998) descriptions. Praesepe is the cluster centre.
export const CATALOG_VERSION = 'fixed-stars-2026.1';

export interface CatalogStar {
  name: string;
  /** RA h, m, s (J2000). */
  ra: [number, number, number];
  /** Dec sign, °, ', " (J2000). */
  dec: [1 | -1, number, number, number];
  pmRa: number;
  pmDec: number;
  magnitude: number;
  nature: string;
  keywords: string[];
}

const s = (
  name: string,
  ra: [number, number, number],
  dec: [1 | -1, number, number, number],
  pmRa: number,
  pmDec: number,
  magnitude: number,
  nature: string,
  keywords: string[],
): CatalogStar => ({ name, ra, dec, pmRa, pmDec, magnitude, nature, keywords });

export const STAR_CATALOG: readonly CatalogStar[] = [
  s('alpheratz', [0, 8, 23.25988], [1, 29, 5, 25.552], 137.46, -163.44, 2.06, 'jupiter/venus', [
    'independence',
    'popularity',
    'freedom',
  ]),
  s('algenib', [0, 13, 14.15123], [1, 15, 11, 0.9368], 1.98, -9.28, 2.84, 'mars/mercury', [
    'drive',
    'notoriety',
    'speech',
  ]),
  s('diphda', [0, 43, 35.3709], [-1, 17, 59, 11.7827], 232.55, 31.99, 2.01, 'saturn', [
    'inertia',
    'self-destruction',
    'restraint',
  ]),
  s('mirach', [1, 9, 43.92388], [1, 35, 37, 14.0075], 175.9, -112.2, 2.05, 'venus', [
    'beauty',
    'love',
    'artistic gifts',
  ]),
  s('achernar', [1, 37, 42.84548], [-1, 57, 14, 12.3101], 87, -38.24, 0.46, 'jupiter', [
    'success',
    'public office',
    'faith',
  ]),
  s('sheratan', [1, 54, 38.41099], [1, 20, 48, 28.9133], 98.74, -110.41, 2.65, 'mars/saturn', [
    'injury',
    'defeat',
    'boldness',
  ]),
  s('hamal', [2, 7, 10.4057], [1, 23, 27, 44.7032], 188.55, -148.08, 2.01, 'mars/saturn', [
    'independence',
    'violence',
    'headstrong',
  ]),
  s('polaris', [2, 31, 49.09456], [1, 89, 15, 50.7923], 44.48, -11.85, 2.02, 'saturn/venus', [
    'direction',
    'steadfastness',
    'illness',
  ]),
  s('menkar', [3, 2, 16.77307], [1, 4, 5, 23.0596], -10.41, -76.85, 2.53, 'saturn', [
    'disgrace',
    'illness',
    'collective fate',
  ]),
  s('algol', [3, 8, 10.13245], [1, 40, 57, 20.328], 2.99, -1.66, 2.12, 'saturn/jupiter', [
    'danger',
    'intensity',
    "losing one's head",
  ]),
  s('mirfak', [3, 24, 19.37009], [1, 49, 51, 40.2455], 23.75, -26.23, 1.79, 'jupiter/saturn', [
    'courage',
    'strategy',
    'protection',
  ]),
  s('alcyone', [3, 47, 29.07655], [1, 24, 6, 18.4883], 19.34, -43.67, 2.87, 'moon/mars', [
    'ambition',
    'eyesight',
    'sorrow',
  ]),
  s('aldebaran', [4, 35, 55.23907], [1, 16, 30, 33.4885], 63.45, -188.94, 0.86, 'mars', [
    'integrity',
    'honour',
    'success',
  ]),
  s('rigel', [5, 14, 32.2721], [-1, 8, 12, 5.8981], 1.31, 0.5, 0.13, 'jupiter/saturn', [
    'education',
    'inventiveness',
    'benevolence',
  ]),
  s('capella', [5, 16, 41.35871], [1, 45, 59, 52.7693], 75.25, -426.89, 0.08, 'mars/mercury', [
    'curiosity',
    'learning',
    'honours',
  ]),
  s('bellatrix', [5, 25, 7.86325], [1, 6, 20, 58.9318], -8.11, -12.88, 1.64, 'mars/mercury', [
    'quick decision',
    'military honour',
    'reversal',
  ]),
  s('elnath', [5, 26, 17.51312], [1, 28, 36, 26.8262], 22.76, -173.58, 1.65, 'mars', [
    'fortune',
    'eminence',
    'neutral push',
  ]),
  s('mintaka', [5, 32, 0.40009], [-1, 0, 17, 56.7424], 0.64, -0.69, 2.41, 'saturn/mercury', [
    'good fortune',
    'endurance',
  ]),
  s('alnilam', [5, 36, 12.81335], [-1, 1, 12, 6.9089], 1.44, -0.78, 1.69, 'jupiter/saturn', [
    'fleeting fame',
    'public honour',
  ]),
  s('betelgeuse', [5, 55, 10.30536], [1, 7, 24, 25.4304], 27.54, 11.3, 0.42, 'mars/mercury', [
    'success',
    'martial honour',
    'fortune',
  ]),
  s('menkalinan', [5, 59, 31.72293], [1, 44, 56, 50.7573], -56.44, -0.95, 1.9, 'mars/mercury', [
    'ruin',
    'disgrace',
    'danger',
  ]),
  s('canopus', [6, 23, 57.10988], [-1, 52, 41, 44.381], 19.93, 23.24, -0.74, 'saturn/jupiter', [
    'voyages',
    'piety',
    'leadership',
  ]),
  s('alhena', [6, 37, 42.7105], [1, 16, 23, 57.4095], 13.81, -54.96, 1.92, 'mercury/venus', [
    'art',
    'spirituality',
    'feet',
  ]),
  s('sirius', [6, 45, 8.91728], [-1, 16, 42, 58.0171], -546.01, -1223.07, -1.46, 'jupiter/mars', [
    'ambition',
    'fame',
    'devotion',
  ]),
  s('castor', [7, 34, 35.87319], [1, 31, 53, 17.816], -191.45, -145.19, 1.58, 'mercury', [
    'intellect',
    'sudden fame',
    'loss',
  ]),
  s('procyon', [7, 39, 18.1195], [1, 5, 13, 29.9552], -714.59, -1036.8, 0.37, 'mercury/mars', [
    'activity',
    'sudden rise and fall',
  ]),
  s('pollux', [7, 45, 18.94987], [1, 28, 1, 34.316], -626.55, -45.8, 1.14, 'mars', [
    'boldness',
    'cunning',
    'athletics',
  ]),
  s('praesepe', [8, 40, 6], [1, 19, 59, 0], 0, 0, 3.7, 'mars/moon', ['industry', 'fever', 'blindness']),
  s('asellus_borealis', [8, 43, 17.1482], [1, 21, 28, 6.6008], -103.51, -39.48, 4.65, 'sun/mars', [
    'patience',
    'care',
    'charity',
  ]),
  s('asellus_australis', [8, 44, 41.09921], [1, 18, 9, 15.5034], -17.67, -229.26, 3.94, 'sun/mars', [
    'harshness',
    'burns',
    'charity',
  ]),
  s('acubens', [8, 58, 29.22272], [1, 11, 51, 27.7212], 43.23, -29.63, 4.25, 'saturn/mercury', [
    'hiding',
    'lies',
    'poison',
  ]),
  s('alphard', [9, 27, 35.2427], [-1, 8, 39, 30.9583], -15.23, 34.37, 1.97, 'saturn/venus', [
    'wisdom',
    'passion',
    'poison',
  ]),
  s('regulus', [10, 8, 22.31099], [1, 11, 58, 1.9516], -248.73, 5.59, 1.4, 'mars/jupiter', [
    'royalty',
    'success',
    'revenge',
  ]),
  s('dubhe', [11, 3, 43.67152], [1, 61, 45, 3.7249], -134.11, -34.7, 1.79, 'mars', [
    'determination',
    'destructiveness',
  ]),
  s('zosma', [11, 14, 6.50142], [1, 20, 31, 25.3853], 143.42, -129.88, 2.53, 'saturn/venus', [
    'victimhood',
    'egotism',
    'benefit',
  ]),
  s('denebola', [11, 49, 3.57834], [1, 14, 34, 19.409], -497.68, -114.67, 2.13, 'saturn/venus', [
    'alternative views',
    'misfortune',
    'honour',
  ]),
  s('zavijava', [11, 50, 41.71824], [1, 1, 45, 52.991], 740.23, -270.43, 3.6, 'mercury/mars', [
    'beauty',
    'strength',
    'character',
  ]),
  s('acrux', [12, 26, 35.89522], [-1, 63, 5, 56.7343], -35.83, -14.86, 0.81, 'jupiter', [
    'mysticism',
    'ceremony',
    'justice',
  ]),
  s('algorab', [12, 29, 51.85517], [-1, 16, 30, 55.5525], -210.49, -138.74, 2.94, 'mars/saturn', [
    'destructiveness',
    'scavenging',
    'lying',
  ]),
  s('vindemiatrix', [13, 2, 10.59785], [1, 10, 57, 32.9415], -273.8, 19.96, 2.79, 'saturn/mercury', [
    'widowhood',
    'falsity',
    'disgrace',
  ]),
  s('spica', [13, 25, 11.57937], [-1, 11, 9, 40.7501], -42.35, -30.67, 0.97, 'venus/mars', [
    'brilliance',
    'success',
    'gifts',
  ]),
  s('alkaid', [13, 47, 32.43776], [1, 49, 18, 47.7602], -121.17, -14.91, 1.86, 'mars', [
    'mourning',
    'leadership',
    'harm',
  ]),
  s('agena', [14, 3, 49.40535], [-1, 60, 22, 22.9266], -33.27, -23.16, 0.6, 'venus/jupiter', [
    'position',
    'friendship',
    'health',
  ]),
  s('arcturus', [14, 15, 39.67207], [1, 19, 10, 56.673], -1093.39, -2000.06, -0.05, 'mars/jupiter', [
    'prosperity',
    'pathfinding',
    'success',
  ]),
  s('rigil_kentaurus', [14, 39, 36.204], [-1, 60, 50, 8.23], -3608, 686, -0.1, 'venus/jupiter', [
    'refinement',
    'friends',
    'position',
  ]),
  s('zubenelgenubi', [14, 50, 52.71309], [-1, 16, 2, 30.3955], -105.68, -68.4, 2.75, 'saturn/mars', [
    'social reform',
    'unforgiving',
    'loss',
  ]),
  s('zubeneschamali', [15, 17, 0.41382], [-1, 9, 22, 58.4919], -98.1, -19.65, 2.62, 'jupiter/mercury', [
    'good fortune',
    'ambition',
    'honour',
  ]),
  s('alphecca', [15, 34, 41.268], [1, 26, 42, 52.894], 120.27, -89.58, 2.24, 'venus/mercury', [
    'dignity',
    'artistry',
    'love',
  ]),
  s('unukalhai', [15, 44, 16.07431], [1, 6, 25, 32.2633], 133.84, 44.81, 2.63, 'saturn/mars', [
    'immorality',
    'accidents',
    'danger',
  ]),
  s('acrab', [16, 5, 26.23198], [-1, 19, 48, 19.63], -5.2, -24.04, 2.62, 'saturn/mars', [
    'malice',
    'persistence',
    'contagion',
  ]),
  s('antares', [16, 29, 24.4597], [-1, 26, 25, 55.2094], -12.11, -23.3, 0.91, 'mars/jupiter', [
    'obsession',
    'success',
    'reckless courage',
  ]),
  s('ras_algethi', [17, 14, 38.85818], [1, 14, 23, 25.2262], -7.32, 36.07, 3.06, 'mars/venus', [
    'ambition',
    'boldness',
    'wealth',
  ]),
  s('lesath', [17, 30, 45.83712], [-1, 37, 17, 44.9285], -2.37, -30.09, 2.7, 'mercury/mars', [
    'danger',
    'malevolence',
    'immorality',
  ]),
  s('shaula', [17, 33, 36.52012], [-1, 37, 6, 13.7648], -8.53, -30.8, 1.62, 'mercury/mars', [
    'desperation',
    'danger',
    'stinging',
  ]),
  s('rasalhague', [17, 34, 56.06945], [1, 12, 33, 36.1346], 108.07, -221.57, 2.07, 'saturn/venus', [
    'healing',
    'misfortune',
    'perversion',
  ]),
  s('kaus_australis', [18, 24, 10.3184], [-1, 34, 23, 4.6193], -39.42, -124.2, 1.85, 'jupiter/mars', [
    'leadership',
    'justice',
    'aim',
  ]),
  s('vega', [18, 36, 56.33635], [1, 38, 47, 1.2802], 200.94, 286.23, 0.03, 'venus/mercury', [
    'charisma',
    'art',
    'magic',
  ]),
  s('nunki', [18, 55, 15.9265], [-1, 26, 17, 48.2068], 15.14, -53.43, 2.07, 'jupiter/mercury', [
    'truthfulness',
    'optimism',
    'education',
  ]),
  s('altair', [19, 50, 46.99855], [1, 8, 52, 5.9563], 536.23, 385.29, 0.76, 'mars/jupiter', [
    'boldness',
    'ambition',
    'sudden wealth',
  ]),
  s('deneb_adige', [20, 41, 25.91514], [1, 45, 16, 49.2197], 2.01, 1.85, 1.25, 'venus/mercury', [
    'intellect',
    'art',
    'learning',
  ]),
  s('sadalsuud', [21, 31, 33.53171], [-1, 5, 34, 16.232], 18.77, -8.21, 2.89, 'saturn/mercury', [
    'luck',
    'fortune',
    'trouble',
  ]),
  s('deneb_algedi', [21, 47, 2.44424], [-1, 16, 7, 38.2335], 261.7, -296.7, 2.83, 'saturn/jupiter', [
    'law',
    'justice',
    'sorrow',
  ]),
  s('sadalmelik', [22, 5, 47.036], [-1, 0, 19, 11.46], 18.25, -9.39, 2.94, 'saturn/mercury', [
    'fortune',
    'legal matters',
    'persecution',
  ]),
  s('fomalhaut', [22, 57, 39.04625], [-1, 29, 37, 20.0533], 328.95, -164.67, 1.16, 'venus/mercury', [
    'idealism',
    'fame',
    'magic',
  ]),
  s('scheat', [23, 3, 46.45746], [1, 28, 4, 58.0336], 187.65, 136.93, 2.42, 'mars/mercury', [
    'misfortune',
    'drowning',
    'independence',
  ]),
  s('markab', [23, 4, 45.65345], [1, 15, 12, 18.9617], 60.4, -41.3, 2.48, 'mars/mercury', [
    'honour',
    'riches',
    'danger',
  ]),
];
