import { composeAnswer } from './src/domain/offline-writer.ts';
const facts: any[] = [
 { kind: 'intro', topic: 'theme', theme: 'spouse' },
 { kind: 'intro', topic: 'dasha', date: '2024-03-01T00:00:00Z' },
 { kind: 'probability', theme: 'spouse', value: 0.634 },
 { kind: 'essential', planet: 'venus', theme: 'spouse' },
 { kind: 'placement', planet: 'jupiter', sign: 'cancer', house: 5, retrograde: true },
 { kind: 'placement', planet: 'venus', sign: 'libra', house: null, retrograde: false, owner: 'composite' },
 { kind: 'dignity', planet: 'jupiter', dignity: 'own_sign' },
 { kind: 'house', house: 7, sign: 'libra', lord: 'venus', lord_house: 3, occupants: ['mars','saturn'] },
 { kind: 'dasha', level: 'antar', lord: 'saturn', starts_at: '2020-01-01T00:00:00Z', ends_at: '2023-01-01T00:00:00Z' },
 { kind: 'karaka', role: 'Atmakaraka', planet: 'sun' },
 { kind: 'yoga', name: 'gajakesari_yoga', planets: ['jupiter','moon'] },
 { kind: 'muhurta', rank: 1, at: '2024-05-01T06:00:00+05:30', tara: 'parama_mitra', weekday_lord: 'mars', score: 4 },
 { kind: 'contact', a: 'saturn', b: 'moon', aspect: 'square', orb: 1.234, transit: true },
 { kind: 'element', element: 'fire', share: 0.4 },
 { kind: 'profection', age: 33, house: 10, sign: 'capricorn', time_lord: 'saturn' },
 { kind: 'window', starts_at: '2020-01-01T00:00:00Z', ends_at: '2023-01-01T00:00:00Z' },
 { kind: 'meta_factor', planet: 'mars', appearances: 4 },
];
for (const l of process.argv.slice(2)) console.log(l, composeAnswer(facts, l as any, 'premium'), '\n');
