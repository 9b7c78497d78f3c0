// Vocabulary of the offline writer in the ten languages: planet, sign, aspect, dignity and period
// names. Vedic names follow the usual Jyotisha terms of each language (Surya, Chandra, ...); Spanish
// uses the astronomical names. Keys are the engine context's own values.
import type { Language } from './catalog.ts';

type Table = Record<string, Record<Language, string>>;

const row = (
  en: string,
  hi: string,
  ta: string,
  te: string,
  kn: string,
  ml: string,
  mr: string,
  bn: string,
  gu: string,
  es: string,
) => ({
  en,
  hi,
  ta,
  te,
  kn,
  ml,
  mr,
  bn,
  gu,
  es,
});

export const PLANETS: Table = {
  sun: row('the Sun', 'सूर्य', 'சூரியன்', 'సూర్యుడు', 'ಸೂರ್ಯ', 'സൂര്യൻ', 'सूर्य', 'সূর্য', 'સૂર્ય', 'el Sol'),
  moon: row('the Moon', 'चंद्र', 'சந்திரன்', 'చంద్రుడు', 'ಚಂದ್ರ', 'ചന്ദ്രൻ', 'चंद्र', 'চন্দ্র', 'ચંદ્ર', 'la Luna'),
  mercury: row('Mercury', 'बुध', 'புதன்', 'బుధుడు', 'ಬುಧ', 'ബുധൻ', 'बुध', 'বুধ', 'બુધ', 'Mercurio'),
  venus: row('Venus', 'शुक्र', 'சுக்கிரன்', 'శుక్రుడు', 'ಶುಕ್ರ', 'ശുക്രൻ', 'शुक्र', 'শুক্র', 'શુક્ર', 'Venus'),
  mars: row('Mars', 'मंगल', 'செவ்வாய்', 'కుజుడు', 'ಮಂಗಳ', 'ചൊവ്വ', 'मंगळ', 'মঙ্গল', 'મંગળ', 'Marte'),
  jupiter: row('Jupiter', 'गुरु', 'குரு', 'గురువు', 'ಗುರು', 'വ്യാഴം', 'गुरू', 'বৃহস্পতি', 'ગુરુ', 'Júpiter'),
  saturn: row('Saturn', 'शनि', 'சனி', 'శని', 'ಶನಿ', 'ശനി', 'शनी', 'শনি', 'શનિ', 'Saturno'),
  uranus: row('Uranus', 'अरुण', 'யுரேனஸ்', 'యురేనస్', 'ಯುರೇನಸ್', 'യുറാനസ്', 'हर्षल', 'ইউরেনাস', 'યુરેનસ', 'Urano'),
  neptune: row('Neptune', 'वरुण', 'நெப்டியூன்', 'నెప్ట్యూన్', 'ನೆಪ್ಚೂನ್', 'നെപ്റ്റ്യൂൺ', 'नेपच्यून', 'নেপচুন', 'નેપ્ચ્યુન', 'Neptuno'),
  pluto: row('Pluto', 'यम', 'புளூட்டோ', 'ప్లూటో', 'ಪ್ಲೂಟೊ', 'പ്ലൂട്ടോ', 'प्लूटो', 'প্লুটো', 'પ્લુટો', 'Plutón'),
  rahu: row('Rahu', 'राहु', 'ராகு', 'రాహువు', 'ರಾಹು', 'രാഹു', 'राहू', 'রাহু', 'રાહુ', 'Rahu'),
  ketu: row('Ketu', 'केतु', 'கேது', 'కేతువు', 'ಕೇತು', 'കേതു', 'केतू', 'কেতু', 'કેતુ', 'Ketu'),
  ascendant: row('the Ascendant', 'लग्न', 'லக்னம்', 'లగ్నం', 'ಲಗ್ನ', 'ലഗ്നം', 'लग्न', 'লগ্ন', 'લગ્ન', 'el Ascendente'),
  midheaven: row(
    'the Midheaven',
    'दशम भाव मध्य',
    'மத்திய வானம்',
    'మధ్యాకాశం',
    'ಮಧ್ಯಾಕಾಶ',
    'മധ്യാകാശം',
    'मध्याकाश',
    'মধ্যগগন',
    'મધ્યાકાશ',
    'el Medio Cielo',
  ),
};

export const SIGNS: Table = {
  aries: row('Aries', 'मेष', 'மேஷம்', 'మేషం', 'ಮೇಷ', 'മേടം', 'मेष', 'মেষ', 'મેષ', 'Aries'),
  taurus: row('Taurus', 'वृषभ', 'ரிஷபம்', 'వృషభం', 'ವೃಷಭ', 'ഇടവം', 'वृषभ', 'বৃষ', 'વૃષભ', 'Tauro'),
  gemini: row('Gemini', 'मिथुन', 'மிதுனம்', 'మిథునం', 'ಮಿಥುನ', 'മിഥുനം', 'मिथुन', 'মিথুন', 'મિથુન', 'Géminis'),
  cancer: row('Cancer', 'कर्क', 'கடகம்', 'కర్కాటకం', 'ಕರ್ಕಾಟಕ', 'കർക്കടകം', 'कर्क', 'কর্কট', 'કર્ક', 'Cáncer'),
  leo: row('Leo', 'सिंह', 'சிம்மம்', 'సింహం', 'ಸಿಂಹ', 'ചിങ്ങം', 'सिंह', 'সিংহ', 'સિંહ', 'Leo'),
  virgo: row('Virgo', 'कन्या', 'கன்னி', 'కన్య', 'ಕನ್ಯಾ', 'കന്നി', 'कन्या', 'কন্যা', 'કન્યા', 'Virgo'),
  libra: row('Libra', 'तुला', 'துலாம்', 'తుల', 'ತುಲಾ', 'തുലാം', 'तूळ', 'তুলা', 'તુલા', 'Libra'),
  scorpio: row('Scorpio', 'वृश्चिक', 'விருச்சிகம்', 'వృశ్చికం', 'ವೃಶ್ಚಿಕ', 'വൃശ്ചികം', 'वृश्चिक', 'বৃশ্চিক', 'વૃશ્ચિક', 'Escorpio'),
  sagittarius: row('Sagittarius', 'धनु', 'தனுசு', 'ధనుస్సు', 'ಧನು', 'ധനു', 'धनु', 'ধনু', 'ધનુ', 'Sagitario'),
  capricorn: row('Capricorn', 'मकर', 'மகரம்', 'మకరం', 'ಮಕರ', 'മകരം', 'मकर', 'মকর', 'મકર', 'Capricornio'),
  aquarius: row('Aquarius', 'कुंभ', 'கும்பம்', 'కుంభం', 'ಕುಂಭ', 'കുംഭം', 'कुंभ', 'কুম্ভ', 'કુંભ', 'Acuario'),
  pisces: row('Pisces', 'मीन', 'மீனம்', 'మీనం', 'ಮೀನ', 'മീനം', 'मीन', 'মীন', 'મીન', 'Piscis'),
};

export const ASPECTS: Table = {
  conjunction: row('a conjunction', 'युति', 'சேர்க்கை', 'యుతి', 'ಯುತಿ', 'യോഗം', 'युती', 'যুতি', 'યુતિ', 'una conjunción'),
  opposition: row(
    'an opposition',
    'प्रतियुति',
    'எதிர்நிலை',
    'ప్రతియుతి',
    'ಪ್ರತಿಯುತಿ',
    'എതിർനില',
    'प्रतियुती',
    'প্রতিযোগ',
    'પ્રતિયુતિ',
    'una oposición',
  ),
  trine: row('a trine', 'त्रिकोण', 'திரிகோணம்', 'త్రికోణం', 'ತ್ರಿಕೋಣ', 'ത്രികോണം', 'त्रिकोण', 'ত্রিকোণ', 'ત્રિકોણ', 'un trígono'),
  square: row('a square', 'केंद्र', 'சதுரம்', 'చతురస్రం', 'ಚತುರಸ್ರ', 'ചതുരം', 'केंद्र', 'চতুষ্কোণ', 'ચતુષ્કોણ', 'una cuadratura'),
  sextile: row('a sextile', 'षडाष्टक', 'ஷஷ்டகம்', 'షష్టకం', 'ಷಷ್ಟಕ', 'ഷഷ്ടകം', 'षडाष्टक', 'ষষ্ঠাংশ', 'ષષ્ઠાંશ', 'un sextil'),
};

export const DIGNITIES: Table = {
  exalted: row('exalted', 'उच्च', 'உச்சம்', 'ఉచ్చ', 'ಉಚ್ಚ', 'ഉച്ചം', 'उच्च', 'উচ্চ', 'ઉચ્ચ', 'exaltado'),
  debilitated: row('debilitated', 'नीच', 'நீசம்', 'నీచ', 'ನೀಚ', 'നീചം', 'नीच', 'নীচ', 'નીચ', 'en caída'),
  own_sign: row(
    'in its own sign',
    'स्वराशि में',
    'சொந்த ராசியில்',
    'స్వక్షేత్రంలో',
    'ಸ್ವಕ್ಷೇತ್ರದಲ್ಲಿ',
    'സ്വക്ഷേത്രത്തിൽ',
    'स्वराशीत',
    'স্বক্ষেত্রে',
    'સ્વરાશિમાં',
    'en su propio signo',
  ),
};

export const LEVELS: Table = {
  maha: row(
    'major period (mahadasha)',
    'महादशा',
    'மகா தசை',
    'మహాదశ',
    'ಮಹಾದಶೆ',
    'മഹാദശ',
    'महादशा',
    'মহাদশা',
    'મહાદશા',
    'periodo mayor (mahadasha)',
  ),
  antar: row(
    'sub-period (antardasha)',
    'अंतर्दशा',
    'புக்தி',
    'అంతర్దశ',
    'ಅಂತರ್ದಶೆ',
    'അന്തർദശ',
    'अंतर्दशा',
    'অন্তর্দশা',
    'અંતર્દશા',
    'subperiodo (antardasha)',
  ),
  pratyantar: row(
    'sub-sub-period (pratyantardasha)',
    'प्रत्यंतर्दशा',
    'அந்தரம்',
    'ప్రత్యంతర్దశ',
    'ಪ್ರತ್ಯಂತರ್ದಶೆ',
    'പ്രത്യന്തർദശ',
    'प्रत्यंतर्दशा',
    'প্রত্যন্তর্দশা',
    'પ્રત્યંતર્દશા',
    'sub-subperiodo (pratyantardasha)',
  ),
};

export const ELEMENTS: Table = {
  fire: row('fire', 'अग्नि', 'நெருப்பு', 'అగ్ని', 'ಅಗ್ನಿ', 'അഗ്നി', 'अग्नी', 'অগ্নি', 'અગ્નિ', 'fuego'),
  earth: row('earth', 'पृथ्वी', 'நிலம்', 'భూమి', 'ಭೂಮಿ', 'ഭൂമി', 'पृथ्वी', 'পৃথিবী', 'પૃથ્વી', 'tierra'),
  air: row('air', 'वायु', 'காற்று', 'వాయువు', 'ವಾಯು', 'വായു', 'वायू', 'বায়ু', 'વાયુ', 'aire'),
  water: row('water', 'जल', 'நீர்', 'జలం', 'ಜಲ', 'ജലം', 'जल', 'জল', 'જળ', 'agua'),
};

/** A value of a table in a language; unknown keys (names the engine gives verbatim) pass through. */
export function word(table: Table, key: string, lang: Language): string {
  return table[key]?.[lang] ?? key.replace(/_/g, ' ');
}
