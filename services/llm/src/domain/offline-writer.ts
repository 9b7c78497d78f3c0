// The offline writer: the default "model" when no provider is configured. It writes only from the
// engine context's `highlights` (one sentence per fact, from fixed templates in the ten languages),
// groups them into the tier's number of paragraphs and adds nothing of its own, so it can never
// state what the calculation did not produce. It is labelled as such in the README.
import type { Language, Tier } from './catalog.ts';
import { TIER_SPECS } from './catalog.ts';
import type { Fact } from './facts.ts';
import { ASPECTS, DIGNITIES, ELEMENTS, LEVELS, PLANETS, SIGNS, word } from './offline-vocab.ts';

const day = (iso: string) => iso.slice(0, 10);
const deg = (x: number) => `${x.toFixed(1)}°`;
/** A 0..1 probability as a whole percentage. */
const pct = (x: number) => String(Math.round(x * 100));

type Render = (f: any, l: Language) => string;
type Templates = Record<Fact['kind'], Render>;

const P = (k: string, l: Language) => word(PLANETS, k, l);
const S = (k: string, l: Language) => word(SIGNS, k, l);
const list = (ks: string[], l: Language) => ks.map((k) => P(k, l)).join(', ');

const T: Record<Language, Templates> = {
  en: {
    intro: (f) => `This reading is drawn from the calculated chart data for ${f.subject}.`,
    placement: (f, l) =>
      `${f.owner ? `${f.owner}: ` : ''}${cap(P(f.planet, l))} is in ${S(f.sign, l)}${f.house ? `, house ${f.house}` : ''}${f.retrograde ? ', retrograde' : ''}.`,
    dignity: (f, l) => `${cap(P(f.planet, l))} is ${word(DIGNITIES, f.dignity, l)}.`,
    house: (f, l) =>
      `House ${f.house} falls in ${S(f.sign, l)}; its lord ${P(f.lord, l)}${f.lord_house ? ` sits in house ${f.lord_house}` : ''}${f.occupants.length ? `, and it holds ${list(f.occupants, l)}` : ''}.`,
    dasha: (f, l) =>
      `The ${word(LEVELS, f.level, l)} of ${P(f.lord, l)} runs from ${day(f.starts_at)} to ${day(f.ends_at)}.`,
    contact: (f, l) =>
      `${f.transit ? 'Transiting ' : ''}${P(f.a, l)} forms ${word(ASPECTS, f.aspect, l)} with ${f.transit ? 'natal ' : ''}${P(f.b, l)} (orb ${deg(f.orb)}).`,
    muhurta: (f, l) =>
      `Candidate ${f.rank}: ${f.at}, tara ${f.tara}, day lord ${P(f.weekday_lord, l)}, score ${f.score}.`,
    karaka: (f, l) => `The ${f.role.replace(/_/g, ' ')} is ${P(f.planet, l)}.`,
    yoga: (f, l) => `The chart shows ${f.name.replace(/_/g, ' ')}, formed by ${list(f.planets, l)}.`,
    element: (f, l) => `The dominant element is ${word(ELEMENTS, f.element, l)} (${Math.round(f.share * 100)}%).`,
    profection: (f, l) =>
      `At age ${f.age} the profected year activates house ${f.house} (${S(f.sign, l)}), with ${P(f.time_lord, l)} as lord of the year.`,
    window: (f) => `The period considered runs from ${day(f.starts_at)} to ${day(f.ends_at)}.`,
    probability: (f) => `The calculated probability for ${f.theme.replace(/_/g, ' ')} is ${pct(f.value)}%.`,
    essential: (f, l) => `${cap(P(f.planet, l))} is among the essential planets for ${f.theme.replace(/_/g, ' ')}.`,
    meta_factor: (f, l) => `${cap(P(f.planet, l))} drives ${f.appearances} of the ten main themes of the chart.`,
  },
  es: {
    intro: (f) => `Esta lectura se basa en los datos calculados de la carta para ${f.subject}.`,
    placement: (f, l) =>
      `${f.owner ? `${f.owner}: ` : ''}${cap(P(f.planet, l))} está en ${S(f.sign, l)}${f.house ? `, casa ${f.house}` : ''}${f.retrograde ? ', retrógrado' : ''}.`,
    dignity: (f, l) => `${cap(P(f.planet, l))} está ${word(DIGNITIES, f.dignity, l)}.`,
    house: (f, l) =>
      `La casa ${f.house} cae en ${S(f.sign, l)}; su regente ${P(f.lord, l)}${f.lord_house ? ` está en la casa ${f.lord_house}` : ''}${f.occupants.length ? ` y contiene ${list(f.occupants, l)}` : ''}.`,
    dasha: (f, l) =>
      `El ${word(LEVELS, f.level, l)} de ${P(f.lord, l)} va del ${day(f.starts_at)} al ${day(f.ends_at)}.`,
    contact: (f, l) =>
      `${cap(P(f.a, l))}${f.transit ? ' en tránsito' : ''} forma ${word(ASPECTS, f.aspect, l)} con ${P(f.b, l)}${f.transit ? ' natal' : ''} (orbe ${deg(f.orb)}).`,
    muhurta: (f, l) =>
      `Candidato ${f.rank}: ${f.at}, tara ${f.tara}, regente del día ${P(f.weekday_lord, l)}, puntuación ${f.score}.`,
    karaka: (f, l) => `El ${f.role.replace(/_/g, ' ')} es ${P(f.planet, l)}.`,
    yoga: (f, l) => `La carta muestra ${f.name.replace(/_/g, ' ')}, formado por ${list(f.planets, l)}.`,
    element: (f, l) => `El elemento dominante es ${word(ELEMENTS, f.element, l)} (${Math.round(f.share * 100)}%).`,
    profection: (f, l) =>
      `A los ${f.age} años la profección activa la casa ${f.house} (${S(f.sign, l)}), con ${P(f.time_lord, l)} como señor del año.`,
    window: (f) => `El periodo considerado va del ${day(f.starts_at)} al ${day(f.ends_at)}.`,
    probability: (f) => `La probabilidad calculada para ${f.theme.replace(/_/g, ' ')} es del ${pct(f.value)}%.`,
    essential: (f, l) =>
      `${cap(P(f.planet, l))} está entre los planetas esenciales para ${f.theme.replace(/_/g, ' ')}.`,
    meta_factor: (f, l) => `${cap(P(f.planet, l))} impulsa ${f.appearances} de los diez temas principales de la carta.`,
  },
  hi: indic({
    intro: 'यह विवेचन {subject} के गणना किए गए कुंडली आँकड़ों पर आधारित है।',
    placement: '{planet} {sign} राशि में है{house: , भाव {house}}{retro: , वक्री}।',
    dignity: '{planet} {dignity} है।',
    house:
      'भाव {house} {sign} राशि में है; इसका स्वामी {lord}{lord_house: भाव {lord_house} में स्थित है}{occupants: , और इसमें {occupants} हैं}।',
    dasha: '{lord} की {level} {start} से {end} तक चलती है।',
    contact: '{a} और {b} के बीच {aspect} है (अंश {orb})।',
    muhurta: 'विकल्प {rank}: {at}, तारा {tara}, दिन स्वामी {weekday_lord}, अंक {score}।',
    karaka: '{role} {planet} है।',
    yoga: 'कुंडली में {name} है, जो {planets} से बनता है।',
    element: 'प्रधान तत्व {element} है ({share}%)।',
    profection: 'आयु {age} पर वार्षिक भाव {house} ({sign}) सक्रिय है, वर्ष स्वामी {time_lord}।',
    window: 'विचाराधीन अवधि {start} से {end} तक है।',
    probability: '{theme} की गणना की गई संभावना {pct}% है।',
    essential: '{planet} {theme} के लिए आवश्यक ग्रहों में है।',
    meta_factor: '{planet} कुंडली के दस मुख्य विषयों में से {n} को संचालित करता है।',
  }),
  mr: indic({
    intro: 'हे विवेचन {subject} च्या गणित केलेल्या कुंडली माहितीवर आधारित आहे.',
    placement: '{planet} {sign} राशीत आहे{house: , भाव {house}}{retro: , वक्री}.',
    dignity: '{planet} {dignity} आहे.',
    house:
      'भाव {house} {sign} राशीत आहे; त्याचा स्वामी {lord}{lord_house: भाव {lord_house} मध्ये आहे}{occupants: , आणि त्यात {occupants} आहेत}.',
    dasha: '{lord} ची {level} {start} पासून {end} पर्यंत चालते.',
    contact: '{a} आणि {b} यांच्यात {aspect} आहे (अंश {orb}).',
    muhurta: 'पर्याय {rank}: {at}, तारा {tara}, वार स्वामी {weekday_lord}, गुण {score}.',
    karaka: '{role} {planet} आहे.',
    yoga: 'कुंडलीत {name} आहे, जो {planets} यांनी बनतो.',
    element: 'प्रधान तत्त्व {element} आहे ({share}%).',
    profection: 'वय {age} वर वार्षिक भाव {house} ({sign}) सक्रिय आहे, वर्ष स्वामी {time_lord}.',
    window: 'विचारातील कालावधी {start} पासून {end} पर्यंत आहे.',
    probability: '{theme} ची गणित संभाव्यता {pct}% आहे.',
    essential: '{planet} {theme} साठी आवश्यक ग्रहांपैकी आहे.',
    meta_factor: '{planet} कुंडलीतील दहा मुख्य विषयांपैकी {n} चालवतो.',
  }),
  ta: indic({
    intro: 'இந்த விளக்கம் {subject} க்கான கணிக்கப்பட்ட ஜாதக தரவுகளை அடிப்படையாகக் கொண்டது.',
    placement: '{planet} {sign} ராசியில் உள்ளது{house: , {house} ஆம் பாவம்}{retro: , வக்கிரம்}.',
    dignity: '{planet} {dignity} நிலையில் உள்ளது.',
    house:
      '{house} ஆம் பாவம் {sign} ராசியில் உள்ளது; அதன் அதிபதி {lord}{lord_house: {lord_house} ஆம் பாவத்தில் உள்ளது}{occupants: , அதில் {occupants} உள்ளன}.',
    dasha: '{lord} {level} {start} முதல் {end} வரை நடைபெறுகிறது.',
    contact: '{a} மற்றும் {b} இடையே {aspect} உள்ளது (பாகை {orb}).',
    muhurta: 'தேர்வு {rank}: {at}, தாரை {tara}, நாள் அதிபதி {weekday_lord}, மதிப்பெண் {score}.',
    karaka: '{role} {planet} ஆகும்.',
    yoga: 'ஜாதகத்தில் {name} உள்ளது, இது {planets} ஆல் உருவாகிறது.',
    element: 'முதன்மை தத்துவம் {element} ({share}%).',
    profection: '{age} வயதில் வருட பாவம் {house} ({sign}) செயல்படுகிறது, வருட அதிபதி {time_lord}.',
    window: 'கருதப்படும் காலம் {start} முதல் {end} வரை.',
    probability: '{theme} க்கான கணிக்கப்பட்ட நிகழ்தகவு {pct}%.',
    essential: '{planet} {theme} க்கான முக்கிய கிரகங்களில் ஒன்று.',
    meta_factor: '{planet} ஜாதகத்தின் பத்து முக்கிய விஷயங்களில் {n} ஐ இயக்குகிறது.',
  }),
  te: indic({
    intro: 'ఈ వివరణ {subject} కోసం లెక్కించిన జాతక సమాచారంపై ఆధారపడింది.',
    placement: '{planet} {sign} రాశిలో ఉంది{house: , {house}వ భావం}{retro: , వక్రం}.',
    dignity: '{planet} {dignity} స్థితిలో ఉంది.',
    house:
      '{house}వ భావం {sign} రాశిలో ఉంది; దాని అధిపతి {lord}{lord_house: {lord_house}వ భావంలో ఉన్నాడు}{occupants: , అందులో {occupants} ఉన్నారు}.',
    dasha: '{lord} {level} {start} నుండి {end} వరకు నడుస్తుంది.',
    contact: '{a} మరియు {b} మధ్య {aspect} ఉంది (అంశ {orb}).',
    muhurta: 'ఎంపిక {rank}: {at}, తార {tara}, వార అధిపతి {weekday_lord}, స్కోరు {score}.',
    karaka: '{role} {planet}.',
    yoga: 'జాతకంలో {name} ఉంది, ఇది {planets} వల్ల ఏర్పడుతుంది.',
    element: 'ప్రధాన తత్వం {element} ({share}%).',
    profection: '{age} ఏళ్ల వయసులో వార్షిక భావం {house} ({sign}) క్రియాశీలం, సంవత్సర అధిపతి {time_lord}.',
    window: 'పరిగణించిన కాలం {start} నుండి {end} వరకు.',
    probability: '{theme} కోసం లెక్కించిన సంభావ్యత {pct}%.',
    essential: '{planet} {theme} కోసం ముఖ్యమైన గ్రహాలలో ఒకటి.',
    meta_factor: '{planet} జాతకంలోని పది ముఖ్య విషయాలలో {n} ను నడిపిస్తుంది.',
  }),
  kn: indic({
    intro: 'ಈ ವಿವರಣೆ {subject} ಗಾಗಿ ಲೆಕ್ಕಹಾಕಿದ ಜಾತಕ ಮಾಹಿತಿಯನ್ನು ಆಧರಿಸಿದೆ.',
    placement: '{planet} {sign} ರಾಶಿಯಲ್ಲಿದೆ{house: , {house}ನೇ ಭಾವ}{retro: , ವಕ್ರ}.',
    dignity: '{planet} {dignity} ಸ್ಥಿತಿಯಲ್ಲಿದೆ.',
    house:
      '{house}ನೇ ಭಾವ {sign} ರಾಶಿಯಲ್ಲಿದೆ; ಅದರ ಅಧಿಪತಿ {lord}{lord_house: {lord_house}ನೇ ಭಾವದಲ್ಲಿದೆ}{occupants: , ಅದರಲ್ಲಿ {occupants} ಇವೆ}.',
    dasha: '{lord} {level} {start} ರಿಂದ {end} ವರೆಗೆ ನಡೆಯುತ್ತದೆ.',
    contact: '{a} ಮತ್ತು {b} ನಡುವೆ {aspect} ಇದೆ (ಅಂಶ {orb}).',
    muhurta: 'ಆಯ್ಕೆ {rank}: {at}, ತಾರೆ {tara}, ವಾರಾಧಿಪತಿ {weekday_lord}, ಅಂಕ {score}.',
    karaka: '{role} {planet}.',
    yoga: 'ಜಾತಕದಲ್ಲಿ {name} ಇದೆ, ಇದು {planets} ಇಂದ ಉಂಟಾಗುತ್ತದೆ.',
    element: 'ಪ್ರಧಾನ ತತ್ವ {element} ({share}%).',
    profection: '{age} ವಯಸ್ಸಿನಲ್ಲಿ ವಾರ್ಷಿಕ ಭಾವ {house} ({sign}) ಸಕ್ರಿಯ, ವರ್ಷಾಧಿಪತಿ {time_lord}.',
    window: 'ಪರಿಗಣಿಸಿದ ಅವಧಿ {start} ರಿಂದ {end} ವರೆಗೆ.',
    probability: '{theme} ಗಾಗಿ ಲೆಕ್ಕಹಾಕಿದ ಸಂಭವನೀಯತೆ {pct}%.',
    essential: '{planet} {theme} ಗಾಗಿ ಅಗತ್ಯ ಗ್ರಹಗಳಲ್ಲಿ ಒಂದು.',
    meta_factor: '{planet} ಜಾತಕದ ಹತ್ತು ಮುಖ್ಯ ವಿಷಯಗಳಲ್ಲಿ {n} ಅನ್ನು ನಡೆಸುತ್ತದೆ.',
  }),
  ml: indic({
    intro: 'ഈ വിശദീകരണം {subject} നായി കണക്കാക്കിയ ജാതക വിവരങ്ങളെ ആധാരമാക്കിയുള്ളതാണ്.',
    placement: '{planet} {sign} രാശിയിലാണ്{house: , {house}-ാം ഭാവം}{retro: , വക്രം}.',
    dignity: '{planet} {dignity} നിലയിലാണ്.',
    house:
      '{house}-ാം ഭാവം {sign} രാശിയിലാണ്; അതിന്റെ അധിപൻ {lord}{lord_house: {lord_house}-ാം ഭാവത്തിലാണ്}{occupants: , അതിൽ {occupants} ഉണ്ട്}.',
    dasha: '{lord} {level} {start} മുതൽ {end} വരെ.',
    contact: '{a}യും {b}യും തമ്മിൽ {aspect} ഉണ്ട് (അംശം {orb}).',
    muhurta: 'തിരഞ്ഞെടുപ്പ് {rank}: {at}, നക്ഷത്രതാര {tara}, വാരാധിപൻ {weekday_lord}, സ്കോർ {score}.',
    karaka: '{role} {planet} ആണ്.',
    yoga: 'ജാതകത്തിൽ {name} ഉണ്ട്, ഇത് {planets} മൂലം രൂപപ്പെടുന്നു.',
    element: 'പ്രധാന തത്വം {element} ({share}%).',
    profection: '{age} വയസ്സിൽ വാർഷിക ഭാവം {house} ({sign}) സജീവം, വർഷാധിപൻ {time_lord}.',
    window: 'പരിഗണിക്കുന്ന കാലം {start} മുതൽ {end} വരെ.',
    probability: '{theme} നുള്ള കണക്കാക്കിയ സാധ്യത {pct}% ആണ്.',
    essential: '{planet} {theme} നുള്ള പ്രധാന ഗ്രഹങ്ങളിൽ ഒന്നാണ്.',
    meta_factor: '{planet} ജാതകത്തിലെ പത്ത് പ്രധാന വിഷയങ്ങളിൽ {n} എണ്ണം നയിക്കുന്നു.',
  }),
  bn: indic({
    intro: 'এই ব্যাখ্যা {subject} এর গণনা করা কোষ্ঠী তথ্যের উপর ভিত্তি করে।',
    placement: '{planet} {sign} রাশিতে আছে{house: , {house} নম্বর ভাব}{retro: , বক্রী}।',
    dignity: '{planet} {dignity} অবস্থায় আছে।',
    house:
      '{house} নম্বর ভাব {sign} রাশিতে; এর অধিপতি {lord}{lord_house: {lord_house} নম্বর ভাবে আছে}{occupants: , এবং এতে {occupants} আছে}।',
    dasha: '{lord} এর {level} {start} থেকে {end} পর্যন্ত চলে।',
    contact: '{a} এবং {b} এর মধ্যে {aspect} আছে (অংশ {orb})।',
    muhurta: 'বিকল্প {rank}: {at}, তারা {tara}, বারাধিপতি {weekday_lord}, স্কোর {score}।',
    karaka: '{role} হল {planet}।',
    yoga: 'কোষ্ঠীতে {name} আছে, যা {planets} দ্বারা গঠিত।',
    element: 'প্রধান তত্ত্ব {element} ({share}%)।',
    profection: '{age} বছর বয়সে বার্ষিক ভাব {house} ({sign}) সক্রিয়, বর্ষাধিপতি {time_lord}।',
    window: 'বিবেচিত সময় {start} থেকে {end} পর্যন্ত।',
    probability: '{theme} এর গণনা করা সম্ভাবনা {pct}%।',
    essential: '{planet} {theme} এর জন্য প্রয়োজনীয় গ্রহগুলির একটি।',
    meta_factor: '{planet} কোষ্ঠীর দশটি প্রধান বিষয়ের {n}টি চালায়।',
  }),
  gu: indic({
    intro: 'આ વિવેચન {subject} માટે ગણતરી કરેલી કુંડળી માહિતી પર આધારિત છે.',
    placement: '{planet} {sign} રાશિમાં છે{house: , ભાવ {house}}{retro: , વક્રી}.',
    dignity: '{planet} {dignity} છે.',
    house:
      'ભાવ {house} {sign} રાશિમાં છે; તેનો સ્વામી {lord}{lord_house: ભાવ {lord_house} માં છે}{occupants: , અને તેમાં {occupants} છે}.',
    dasha: '{lord} ની {level} {start} થી {end} સુધી ચાલે છે.',
    contact: '{a} અને {b} વચ્ચે {aspect} છે (અંશ {orb}).',
    muhurta: 'વિકલ્પ {rank}: {at}, તારા {tara}, વાર સ્વામી {weekday_lord}, ગુણ {score}.',
    karaka: '{role} {planet} છે.',
    yoga: 'કુંડળીમાં {name} છે, જે {planets} થી બને છે.',
    element: 'પ્રધાન તત્ત્વ {element} છે ({share}%).',
    profection: 'ઉંમર {age} પર વાર્ષિક ભાવ {house} ({sign}) સક્રિય છે, વર્ષ સ્વામી {time_lord}.',
    window: 'વિચારાધીન સમયગાળો {start} થી {end} સુધી છે.',
    probability: '{theme} ની ગણતરી કરેલી સંભાવના {pct}% છે.',
    essential: '{planet} {theme} માટે આવશ્યક ગ્રહોમાં છે.',
    meta_factor: '{planet} કુંડળીના દસ મુખ્ય વિષયોમાંથી {n} ચલાવે છે.',
  }),
};

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Templates of the Indic languages: `{name}` is replaced by the fact's localised value and
 * `{cond: text}` keeps `text` only when the fact has that value (a house number, occupants, ...).
 */
function indic(src: Record<Fact['kind'], string>): Templates {
  const out = {} as Templates;
  for (const [kind, tpl] of Object.entries(src) as [Fact['kind'], string][]) {
    out[kind] = (f: any, l: Language) => {
      const v: Record<string, string | undefined> = {
        subject: f.subject,
        planet: f.planet ? (f.owner ? `${f.owner}: ` : '') + P(f.planet, l) : undefined,
        sign: f.sign ? S(f.sign, l) : undefined,
        house: f.house ? String(f.house) : undefined,
        retro: f.retrograde ? 'yes' : undefined,
        dignity: f.dignity ? word(DIGNITIES, f.dignity, l) : undefined,
        lord: f.lord ? P(f.lord, l) : undefined,
        lord_house: f.lord_house ? String(f.lord_house) : undefined,
        occupants: f.occupants?.length ? list(f.occupants, l) : undefined,
        level: f.level ? word(LEVELS, f.level, l) : undefined,
        start: f.starts_at ? day(f.starts_at) : undefined,
        end: f.ends_at ? day(f.ends_at) : undefined,
        a: f.a ? P(f.a, l) : undefined,
        b: f.b ? P(f.b, l) : undefined,
        aspect: f.aspect ? word(ASPECTS, f.aspect, l) : undefined,
        orb: typeof f.orb === 'number' ? deg(f.orb) : undefined,
        rank: f.rank !== undefined ? String(f.rank) : undefined,
        at: f.at,
        tara: f.tara,
        weekday_lord: f.weekday_lord ? P(f.weekday_lord, l) : undefined,
        score: f.score !== undefined ? String(f.score) : undefined,
        role: f.role ? f.role.replace(/_/g, ' ') : undefined,
        name: f.name ? f.name.replace(/_/g, ' ') : undefined,
        planets: f.planets?.length ? list(f.planets, l) : undefined,
        element: f.element ? word(ELEMENTS, f.element, l) : undefined,
        share: typeof f.share === 'number' ? String(Math.round(f.share * 100)) : undefined,
        age: f.age !== undefined ? String(f.age) : undefined,
        time_lord: f.time_lord ? P(f.time_lord, l) : undefined,
        theme: f.theme ? f.theme.replace(/_/g, ' ') : undefined,
        pct: typeof f.value === 'number' ? pct(f.value) : undefined,
        n: f.appearances !== undefined ? String(f.appearances) : undefined,
      };
      return tpl
        .replace(/\{(\w+): ([^{}]*(?:\{\w+\}[^{}]*)*)\}/g, (_, cond: string, text: string) => (v[cond] ? text : ''))
        .replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? '');
    };
  }
  return out;
}

export function renderFact(f: Fact, lang: Language): string {
  return T[lang][f.kind](f, lang);
}

/**
 * Paragraphs of the answer: the facts in order, spread evenly over the tier's paragraph count (never
 * more paragraphs than facts: the writer does not pad).
 */
export function composeParagraphs(facts: Fact[], lang: Language, tier: Tier): string[] {
  const spec = TIER_SPECS[tier];
  const n = Math.min(
    facts.length,
    Math.max(spec.minParagraphs, Math.min(spec.maxParagraphs, Math.ceil(facts.length / 2))),
  );
  const paragraphs: string[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * facts.length) / n);
    const to = Math.floor(((i + 1) * facts.length) / n);
    paragraphs.push(
      facts
        .slice(from, to)
        .map((f) => renderFact(f, lang))
        .join(' '),
    );
  }
  return paragraphs;
}

export function composeAnswer(facts: Fact[], lang: Language, tier: Tier): string {
  return composeParagraphs(facts, lang, tier).join('\n\n');
}
