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

// Tamil, Telugu, Kannada, Malayalam and Bengali give the qualifier only: their templates add the word
// for "state" (நிலை, స్థితి, ...) after it.
export const DIGNITIES: Table = {
  exalted: row('exalted', 'उच्च', 'உச்ச', 'ఉచ్చ', 'ಉಚ್ಚ', 'ഉച്ച', 'उच्च', 'উচ্চ', 'ઉચ્ચ', 'exaltado'),
  debilitated: row('debilitated', 'नीच', 'நீச', 'నీచ', 'ನೀಚ', 'നീച', 'नीच', 'নীচ', 'નીચ', 'en caída'),
  own_sign: row(
    'in its own sign',
    'स्वराशि में',
    'ஆட்சி',
    'స్వక్షేత్ర',
    'ಸ್ವಕ್ಷೇತ್ರ',
    'സ്വക്ഷേത്ര',
    'स्वराशीत',
    'স্বক্ষেত্র',
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

/** Chara karaka roles (Jaimini), as vedic-calc names them (lower-cased here). */
export const KARAKA_ROLES: Table = {
  atmakaraka: row(
    'Atmakaraka',
    'आत्मकारक',
    'ஆத்மகாரகர்',
    'ఆత్మకారక',
    'ಆತ್ಮಕಾರಕ',
    'ആത്മകാരകൻ',
    'आत्मकारक',
    'আত্মকারক',
    'આત્મકારક',
    'Atmakaraka',
  ),
  amatyakaraka: row(
    'Amatyakaraka',
    'अमात्यकारक',
    'அமாத்யகாரகர்',
    'అమాత్యకారక',
    'ಅಮಾತ್ಯಕಾರಕ',
    'അമാത്യകാരകൻ',
    'अमात्यकारक',
    'অমাত্যকারক',
    'અમાત્યકારક',
    'Amatyakaraka',
  ),
  bhratrukaraka: row(
    'Bhratrukaraka',
    'भ्रातृकारक',
    'பிராத்ருகாரகர்',
    'భ్రాతృకారక',
    'ಭ್ರಾತೃಕಾರಕ',
    'ഭ്രാതൃകാരകൻ',
    'भ्रातृकारक',
    'ভ্রাতৃকারক',
    'ભ્રાતૃકારક',
    'Bhratrukaraka',
  ),
  matrukaraka: row(
    'Matrukaraka',
    'मातृकारक',
    'மாத்ருகாரகர்',
    'మాతృకారక',
    'ಮಾತೃಕಾರಕ',
    'മാതൃകാരകൻ',
    'मातृकारक',
    'মাতৃকারক',
    'માતૃકારક',
    'Matrukaraka',
  ),
  putrakaraka: row(
    'Putrakaraka',
    'पुत्रकारक',
    'புத்ரகாரகர்',
    'పుత్రకారక',
    'ಪುತ್ರಕಾರಕ',
    'പുത്രകാരകൻ',
    'पुत्रकारक',
    'পুত্রকারক',
    'પુત્રકારક',
    'Putrakaraka',
  ),
  gnatikaraka: row(
    'Gnatikaraka',
    'ज्ञातिकारक',
    'ஞாதிகாரகர்',
    'జ్ఞాతికారక',
    'ಜ್ಞಾತಿಕಾರಕ',
    'ജ്ഞാതികാരകൻ',
    'ज्ञातिकारक',
    'জ্ঞাতিকারক',
    'જ્ઞાતિકારક',
    'Gnatikaraka',
  ),
  darakaraka: row(
    'Darakaraka',
    'दाराकारक',
    'தாராகாரகர்',
    'దారాకారక',
    'ದಾರಾಕಾರಕ',
    'ദാരാകാരകൻ',
    'दाराकारक',
    'দারাকারক',
    'દારાકારક',
    'Darakaraka',
  ),
};

/** The classical yogas the context builders detect (vedic-grounding.ts). */
export const YOGAS: Table = {
  ruchaka_yoga: row(
    'Ruchaka yoga',
    'रुचक योग',
    'ருசக யோகம்',
    'రుచక యోగం',
    'ರುಚಕ ಯೋಗ',
    'രുചക യോഗം',
    'रुचक योग',
    'রুচক যোগ',
    'રુચક યોગ',
    'yoga Ruchaka',
  ),
  bhadra_yoga: row(
    'Bhadra yoga',
    'भद्र योग',
    'பத்ர யோகம்',
    'భద్ర యోగం',
    'ಭದ್ರ ಯೋಗ',
    'ഭദ്ര യോഗം',
    'भद्र योग',
    'ভদ্র যোগ',
    'ભદ્ર યોગ',
    'yoga Bhadra',
  ),
  hamsa_yoga: row(
    'Hamsa yoga',
    'हंस योग',
    'ஹம்ச யோகம்',
    'హంస యోగం',
    'ಹಂಸ ಯೋಗ',
    'ഹംസ യോഗം',
    'हंस योग',
    'হংস যোগ',
    'હંસ યોગ',
    'yoga Hamsa',
  ),
  malavya_yoga: row(
    'Malavya yoga',
    'मालव्य योग',
    'மாளவ்ய யோகம்',
    'మాలవ్య యోగం',
    'ಮಾಲವ್ಯ ಯೋಗ',
    'മാളവ്യ യോഗം',
    'मालव्य योग',
    'মালব্য যোগ',
    'માલવ્ય યોગ',
    'yoga Malavya',
  ),
  sasa_yoga: row(
    'Sasa yoga',
    'शश योग',
    'சச யோகம்',
    'శశ యోగం',
    'ಶಶ ಯೋಗ',
    'ശശ യോഗം',
    'शश योग',
    'শশ যোগ',
    'શશ યોગ',
    'yoga Sasa',
  ),
  gajakesari_yoga: row(
    'Gajakesari yoga',
    'गजकेसरी योग',
    'கஜகேசரி யோகம்',
    'గజకేసరి యోగం',
    'ಗಜಕೇಸರಿ ಯೋಗ',
    'ഗജകേസരി യോഗം',
    'गजकेसरी योग',
    'গজকেশরী যোগ',
    'ગજકેસરી યોગ',
    'yoga Gajakesari',
  ),
  budha_aditya_yoga: row(
    'Budha-Aditya yoga',
    'बुधादित्य योग',
    'புதாதித்ய யோகம்',
    'బుధాదిత్య యోగం',
    'ಬುಧಾದಿತ್ಯ ಯೋಗ',
    'ബുധാദിത്യ യോഗം',
    'बुधादित्य योग',
    'বুধাদিত্য যোগ',
    'બુધાદિત્ય યોગ',
    'yoga Budha-Aditya',
  ),
  chandra_mangala_yoga: row(
    'Chandra-Mangala yoga',
    'चंद्र-मंगल योग',
    'சந்திர-மங்கள யோகம்',
    'చంద్ర-మంగళ యోగం',
    'ಚಂದ್ರ-ಮಂಗಳ ಯೋಗ',
    'ചന്ദ്ര-മംഗള യോഗം',
    'चंद्र-मंगळ योग',
    'চন্দ্র-মঙ্গল যোগ',
    'ચંદ્ર-મંગળ યોગ',
    'yoga Chandra-Mangala',
  ),
};

/** The nine taras of the muhurta ranking (vedic-calc's muhurta tables). */
export const TARAS: Table = {
  janma: row('Janma', 'जन्म', 'ஜன்ம', 'జన్మ', 'ಜನ್ಮ', 'ജന്മ', 'जन्म', 'জন্ম', 'જન્મ', 'Janma'),
  sampat: row('Sampat', 'संपत्', 'சம்பத்', 'సంపత్', 'ಸಂಪತ್', 'സമ്പത്', 'संपत्', 'সম্পৎ', 'સંપત્', 'Sampat'),
  vipat: row('Vipat', 'विपत्', 'விபத்', 'విపత్', 'ವಿಪತ್', 'വിപത്', 'विपत्', 'বিপৎ', 'વિપત્', 'Vipat'),
  kshema: row('Kshema', 'क्षेम', 'க்ஷேம', 'క్షేమ', 'ಕ್ಷೇಮ', 'ക്ഷേമ', 'क्षेम', 'ক্ষেম', 'ક્ષેમ', 'Kshema'),
  pratyak: row('Pratyak', 'प्रत्यक्', 'பிரத்யக்', 'ప్రత్యక్', 'ಪ್ರತ್ಯಕ್', 'പ്രത്യക്', 'प्रत्यक्', 'প্রত্যক্', 'પ્રત્યક્', 'Pratyak'),
  sadhana: row('Sadhana', 'साधन', 'சாதன', 'సాధన', 'ಸಾಧನ', 'സാധന', 'साधन', 'সাধন', 'સાધન', 'Sadhana'),
  naidhana: row('Naidhana', 'नैधन', 'நைதன', 'నైధన', 'ನೈಧನ', 'നൈധന', 'नैधन', 'নৈধন', 'નૈધન', 'Naidhana'),
  mitra: row('Mitra', 'मित्र', 'மித்ர', 'మిత్ర', 'ಮಿತ್ರ', 'മിത്ര', 'मित्र', 'মিত্র', 'મિત્ર', 'Mitra'),
  parama_mitra: row(
    'Parama Mitra',
    'परम मित्र',
    'பரம மித்ர',
    'పరమ మిత్ర',
    'ಪರಮ ಮಿತ್ರ',
    'പരമ മിത്ര',
    'परम मित्र',
    'পরম মিত্র',
    'પરમ મિત્ર',
    'Parama Mitra',
  ),
};

/** Labels before a placement that is not the native's own natal one. */
export const OWNERS: Table = {
  composite: row(
    'Composite chart',
    'संयुक्त कुंडली',
    'கூட்டு ஜாதகம்',
    'సంయుక్త జాతకం',
    'ಸಂಯುಕ್ತ ಜಾತಕ',
    'സംയുക്ത ജാതകം',
    'संयुक्त कुंडली',
    'যৌথ কোষ্ঠী',
    'સંયુક્ત કુંડળી',
    'Carta compuesta',
  ),
  transit: row('In transit', 'गोचर', 'கோசாரம்', 'గోచారం', 'ಗೋಚಾರ', 'ഗോചാരം', 'गोचर', 'গোচর', 'ગોચર', 'En tránsito'),
  'A→B': row('A→B', 'A→B', 'A→B', 'A→B', 'A→B', 'A→B', 'A→B', 'A→B', 'A→B', 'A→B'),
  'B→A': row('B→A', 'B→A', 'B→A', 'B→A', 'B→A', 'B→A', 'B→A', 'B→A', 'B→A', 'B→A'),
};

/** A value of a table in a language; unknown keys (names the engine gives verbatim) pass through. */
export function word(table: Table, key: string, lang: Language): string {
  return table[key.toLowerCase()]?.[lang] ?? table[key]?.[lang] ?? key.replace(/_/g, ' ');
}

/** True when a table has the key (the writer checks its input before writing in a language). */
export function known(table: Table, key: string): boolean {
  return key.toLowerCase() in table || key in table;
}
