// Evidence sentences for fired rules in the four supported locales (en, ru, es, pt-BR). Any other
// locale is answered in English. Only words change with the locale: the rules and weights do not.
import type { ClassicalPlanet, Element, Sign } from '@astro/astro-core';
import type { RuleKind, SkillId } from './ontology.ts';
import type { FiredRule } from './score.ts';

export const LOCALES = ['en', 'ru', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

/** Exact match first, then the language subtag (`es-MX` -> es, `pt` -> pt-BR); English otherwise. */
export function resolveLocale(raw: string | undefined): Locale {
  if (!raw) return 'en';
  const exact = LOCALES.find((l) => l.toLowerCase() === raw.toLowerCase());
  if (exact) return exact;
  const lang = raw.split(/[-_]/)[0]!.toLowerCase();
  return LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === lang) ?? 'en';
}

interface Words {
  planet: Record<ClassicalPlanet, string>;
  sign: Record<Sign, string>;
  element: Record<Element, string>;
  skill: Record<SkillId, string>;
  rule: Record<RuleKind, string>;
}

const EN: Words = {
  planet: {
    sun: 'the Sun',
    moon: 'the Moon',
    mercury: 'Mercury',
    venus: 'Venus',
    mars: 'Mars',
    jupiter: 'Jupiter',
    saturn: 'Saturn',
  },
  sign: {
    aries: 'Aries',
    taurus: 'Taurus',
    gemini: 'Gemini',
    cancer: 'Cancer',
    leo: 'Leo',
    virgo: 'Virgo',
    libra: 'Libra',
    scorpio: 'Scorpio',
    sagittarius: 'Sagittarius',
    capricorn: 'Capricorn',
    aquarius: 'Aquarius',
    pisces: 'Pisces',
  },
  element: { fire: 'fire', earth: 'earth', air: 'air', water: 'water' },
  skill: {
    drive: 'drive',
    endurance: 'endurance',
    leadership: 'leadership',
    communication: 'communication',
    analysis: 'analysis',
    empathy: 'empathy',
    creativity: 'creativity',
    learning: 'learning',
    intuition: 'intuition',
    diplomacy: 'diplomacy',
  },
  rule: {
    primary_exalted: '{planet}, the main significator of {skill}, is exalted in {sign}.',
    primary_own_sign: '{planet}, the main significator of {skill}, is in its own sign {sign}.',
    primary_debilitated: '{planet}, the main significator of {skill}, is debilitated in {sign}.',
    primary_angular: '{planet} stands in house {house}, an angle, which gives {skill} visible expression.',
    primary_trine: '{planet} stands in house {house}, a trine, which supports {skill}.',
    primary_dusthana: '{planet} stands in house {house}, a difficult house, which hinders {skill}.',
    primary_retrograde: '{planet} is retrograde, which turns {skill} inward.',
    secondary_dignified: '{planet}, a supporting significator of {skill}, is dignified in {sign}.',
    secondary_debilitated: '{planet}, a supporting significator of {skill}, is debilitated in {sign}.',
    house_lord_well_placed: '{planet}, lord of house {house}, is well placed, which strengthens {skill}.',
    house_lord_dusthana: '{planet}, lord of house {house}, sits in a difficult house, which weakens {skill}.',
    element_emphasis: '{count} of the seven classical planets are in {element} signs, which favours {skill}.',
    ascendant_element: 'The ascendant in {sign}, a {element} sign, favours {skill}.',
  },
};

const RU: Words = {
  planet: {
    sun: 'Солнце',
    moon: 'Луна',
    mercury: 'Меркурий',
    venus: 'Венера',
    mars: 'Марс',
    jupiter: 'Юпитер',
    saturn: 'Сатурн',
  },
  sign: {
    aries: 'Овен',
    taurus: 'Телец',
    gemini: 'Близнецы',
    cancer: 'Рак',
    leo: 'Лев',
    virgo: 'Дева',
    libra: 'Весы',
    scorpio: 'Скорпион',
    sagittarius: 'Стрелец',
    capricorn: 'Козерог',
    aquarius: 'Водолей',
    pisces: 'Рыбы',
  },
  element: { fire: 'огня', earth: 'земли', air: 'воздуха', water: 'воды' },
  skill: {
    drive: 'напористость',
    endurance: 'выносливость',
    leadership: 'лидерство',
    communication: 'коммуникацию',
    analysis: 'аналитику',
    empathy: 'эмпатию',
    creativity: 'творчество',
    learning: 'обучаемость',
    intuition: 'интуицию',
    diplomacy: 'дипломатичность',
  },
  rule: {
    primary_exalted: '{planet}, главный показатель таланта «{skill}», в экзальтации в знаке {sign}.',
    primary_own_sign: '{planet}, главный показатель таланта «{skill}», в своём знаке {sign}.',
    primary_debilitated: '{planet}, главный показатель таланта «{skill}», в падении в знаке {sign}.',
    primary_angular: '{planet} в {house}-м доме, угловом, что делает талант «{skill}» заметным.',
    primary_trine: '{planet} в {house}-м доме, тригональном, что поддерживает талант «{skill}».',
    primary_dusthana: '{planet} в {house}-м доме, трудном, что мешает таланту «{skill}».',
    primary_retrograde: '{planet} ретрограден, талант «{skill}» обращён внутрь.',
    secondary_dignified: '{planet}, дополнительный показатель таланта «{skill}», силён в знаке {sign}.',
    secondary_debilitated: '{planet}, дополнительный показатель таланта «{skill}», в падении в знаке {sign}.',
    house_lord_well_placed: '{planet}, управитель {house}-го дома, хорошо расположен и усиливает талант «{skill}».',
    house_lord_dusthana: '{planet}, управитель {house}-го дома, в трудном доме и ослабляет талант «{skill}».',
    element_emphasis:
      '{count} из семи классических планет в знаках стихии {element}, что благоприятно для таланта «{skill}».',
    ascendant_element: 'Асцендент в знаке {sign} стихии {element} благоприятствует таланту «{skill}».',
  },
};

const ES: Words = {
  planet: {
    sun: 'el Sol',
    moon: 'la Luna',
    mercury: 'Mercurio',
    venus: 'Venus',
    mars: 'Marte',
    jupiter: 'Júpiter',
    saturn: 'Saturno',
  },
  sign: {
    aries: 'Aries',
    taurus: 'Tauro',
    gemini: 'Géminis',
    cancer: 'Cáncer',
    leo: 'Leo',
    virgo: 'Virgo',
    libra: 'Libra',
    scorpio: 'Escorpio',
    sagittarius: 'Sagitario',
    capricorn: 'Capricornio',
    aquarius: 'Acuario',
    pisces: 'Piscis',
  },
  element: { fire: 'fuego', earth: 'tierra', air: 'aire', water: 'agua' },
  skill: {
    drive: 'el empuje',
    endurance: 'la resistencia',
    leadership: 'el liderazgo',
    communication: 'la comunicación',
    analysis: 'el análisis',
    empathy: 'la empatía',
    creativity: 'la creatividad',
    learning: 'el aprendizaje',
    intuition: 'la intuición',
    diplomacy: 'la diplomacia',
  },
  rule: {
    primary_exalted: '{planet}, significador principal de {skill}, está exaltado en {sign}.',
    primary_own_sign: '{planet}, significador principal de {skill}, está en su propio signo, {sign}.',
    primary_debilitated: '{planet}, significador principal de {skill}, está en caída en {sign}.',
    primary_angular: '{planet} está en la casa {house}, angular, lo que da expresión visible a {skill}.',
    primary_trine: '{planet} está en la casa {house}, un trígono, lo que apoya {skill}.',
    primary_dusthana: '{planet} está en la casa {house}, una casa difícil, lo que frena {skill}.',
    primary_retrograde: '{planet} está retrógrado, lo que vuelve {skill} hacia dentro.',
    secondary_dignified: '{planet}, significador secundario de {skill}, está dignificado en {sign}.',
    secondary_debilitated: '{planet}, significador secundario de {skill}, está en caída en {sign}.',
    house_lord_well_placed: '{planet}, regente de la casa {house}, está bien situado y refuerza {skill}.',
    house_lord_dusthana: '{planet}, regente de la casa {house}, está en una casa difícil y debilita {skill}.',
    element_emphasis: '{count} de los siete planetas clásicos están en signos de {element}, lo que favorece {skill}.',
    ascendant_element: 'El ascendente en {sign}, signo de {element}, favorece {skill}.',
  },
};

const PT: Words = {
  planet: {
    sun: 'o Sol',
    moon: 'a Lua',
    mercury: 'Mercúrio',
    venus: 'Vênus',
    mars: 'Marte',
    jupiter: 'Júpiter',
    saturn: 'Saturno',
  },
  sign: {
    aries: 'Áries',
    taurus: 'Touro',
    gemini: 'Gêmeos',
    cancer: 'Câncer',
    leo: 'Leão',
    virgo: 'Virgem',
    libra: 'Libra',
    scorpio: 'Escorpião',
    sagittarius: 'Sagitário',
    capricorn: 'Capricórnio',
    aquarius: 'Aquário',
    pisces: 'Peixes',
  },
  element: { fire: 'fogo', earth: 'terra', air: 'ar', water: 'água' },
  skill: {
    drive: 'a iniciativa',
    endurance: 'a resistência',
    leadership: 'a liderança',
    communication: 'a comunicação',
    analysis: 'a análise',
    empathy: 'a empatia',
    creativity: 'a criatividade',
    learning: 'o aprendizado',
    intuition: 'a intuição',
    diplomacy: 'a diplomacia',
  },
  rule: {
    primary_exalted: '{planet}, significador principal de {skill}, está exaltado em {sign}.',
    primary_own_sign: '{planet}, significador principal de {skill}, está no próprio signo, {sign}.',
    primary_debilitated: '{planet}, significador principal de {skill}, está em queda em {sign}.',
    primary_angular: '{planet} está na casa {house}, angular, o que dá expressão visível a {skill}.',
    primary_trine: '{planet} está na casa {house}, um trígono, o que apoia {skill}.',
    primary_dusthana: '{planet} está na casa {house}, uma casa difícil, o que limita {skill}.',
    primary_retrograde: '{planet} está retrógrado, o que volta {skill} para dentro.',
    secondary_dignified: '{planet}, significador secundário de {skill}, está dignificado em {sign}.',
    secondary_debilitated: '{planet}, significador secundário de {skill}, está em queda em {sign}.',
    house_lord_well_placed: '{planet}, regente da casa {house}, está bem posicionado e reforça {skill}.',
    house_lord_dusthana: '{planet}, regente da casa {house}, está numa casa difícil e enfraquece {skill}.',
    element_emphasis: '{count} dos sete planetas clássicos estão em signos de {element}, o que favorece {skill}.',
    ascendant_element: 'O ascendente em {sign}, signo de {element}, favorece {skill}.',
  },
};

const WORDS: Record<Locale, Words> = { en: EN, ru: RU, es: ES, 'pt-BR': PT };

export function sentenceFor(rule: FiredRule, skill: SkillId, locale: Locale): string {
  const w = WORDS[locale];
  const f = rule.facts;
  const text = w.rule[rule.kind]
    .replace('{planet}', f.planet ? w.planet[f.planet] : '')
    .replace('{sign}', f.sign ? w.sign[f.sign] : '')
    .replace('{house}', f.house !== undefined ? String(f.house) : '')
    .replace('{element}', f.element ? w.element[f.element] : '')
    .replace('{count}', f.count !== undefined ? String(f.count) : '')
    .replace('{skill}', w.skill[skill]);
  // Sentence case: a sentence may open with a lower-case article ("the Sun", "la Luna").
  return text.charAt(0).toUpperCase() + text.slice(1);
}
