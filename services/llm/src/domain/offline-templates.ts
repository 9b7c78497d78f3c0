// Sentence templates of the offline writer, one full set per language, written natively (no English
// word left in the nine other languages; names of planets, signs, roles, yogas and taras come from
// offline-vocab.ts in the language's script).
//
// Syntax: `{name}` is replaced by the fact's value in the language; `{name?text}` keeps `text` (which
// may hold `{name}` values) only when the fact has that value. Every space a sentence needs is
// written in the template itself, so an optional part never glues to the word before it. Values are
// never followed by a suffix written onto them (postpositions stand apart, or the sentence uses a
// colon or parentheses), so each name stays a word of its own in every script.
import type { Language } from './catalog.ts';
import type { Fact, IntroTopic } from './facts.ts';

export type SentenceKind = Fact['kind'];

export interface LanguageTemplates {
  sentences: Record<SentenceKind, string>;
  /** `{topic}` of the intro sentence. */
  topics: Record<IntroTopic, string>;
  /** How a theme of the probability engine is named: `{name}` (English only), `{house}`, `{karaka}`. */
  theme: string;
}

export const TEMPLATES: Record<Language, LanguageTemplates> = {
  en: {
    sentences: {
      intro: 'This reading is drawn from the calculated chart data for {topic}.',
      placement: '{owner?{owner}: }{planet} is in {sign}{house?, house {house}}{retro?, retrograde}.',
      dignity: '{planet} is {dignity}.',
      house:
        'House {house} falls in {sign}; its lord {lord}{lord_house? sits in house {lord_house}}{occupants?, and it holds {occupants}}.',
      dasha: 'The {level} of {lord} runs from {start} to {end}.',
      contact: '{a}{transit? in transit} forms {aspect} with {b}{transit? in the natal chart} (orb {orb}).',
      muhurta: 'Candidate {rank}: {at}, tara {tara}, day lord {weekday_lord}, score {score}.',
      karaka: 'The {role} is {planet}.',
      yoga: 'The chart shows {name}, formed by {planets}.',
      element: 'The dominant element is {element} ({share}%).',
      profection:
        'At age {age} the profected year activates house {house} ({sign}), with {time_lord} as lord of the year.',
      window: 'The period considered runs from {start} to {end}.',
      probability: 'The calculated probability for {theme} is {pct}%.',
      essential: '{planet} is among the essential planets for {theme}.',
      meta_factor: '{planet} drives {n} of the ten main themes of the chart.',
    },
    topics: {
      theme: 'the theme {theme}',
      chart_reading: 'the whole chart',
      dasha: 'the periods in force on {date}',
      muhurta: 'the muhurta window',
      natal: 'the natal chart',
      relationship: 'the two charts together',
      forecast: 'the forecast window',
    },
    theme: '{name}',
  },
  es: {
    sentences: {
      intro: 'Esta lectura se basa en los datos calculados para {topic}.',
      placement: '{owner?{owner}: }{planet} está en {sign}{house?, casa {house}}{retro?, retrógrado}.',
      dignity: '{planet} está {dignity}.',
      house:
        'La casa {house} cae en {sign}; su regente {lord}{lord_house? está en la casa {lord_house}}{occupants? y contiene {occupants}}.',
      dasha: 'El {level} de {lord} va del {start} al {end}.',
      contact: '{a}{transit? en tránsito} forma {aspect} con {b}{transit? natal} (orbe {orb}).',
      muhurta: 'Candidato {rank}: {at}, tara {tara}, regente del día {weekday_lord}, puntuación {score}.',
      karaka: 'El {role} es {planet}.',
      yoga: 'La carta muestra el {name}, formado por {planets}.',
      element: 'El elemento dominante es {element} ({share}%).',
      profection: 'A los {age} años la profección activa la casa {house} ({sign}), con {time_lord} como señor del año.',
      window: 'El periodo considerado va del {start} al {end}.',
      probability: 'La probabilidad calculada para {theme} es del {pct}%.',
      essential: '{planet} está entre los planetas esenciales para {theme}.',
      meta_factor: '{planet} impulsa {n} de los diez temas principales de la carta.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'la carta completa',
      dasha: 'los periodos vigentes el {date}',
      muhurta: 'la ventana de muhurta',
      natal: 'la carta natal',
      relationship: 'las dos cartas juntas',
      forecast: 'la ventana de pronóstico',
    },
    theme: 'el tema de la casa {house} (significador {karaka})',
  },
  hi: {
    sentences: {
      intro: 'यह विवेचन {topic} के लिए गणना किए गए आँकड़ों पर आधारित है।',
      placement: '{owner?{owner}: }{planet} {sign} राशि में है{house?, भाव {house}}{retro?, वक्री}।',
      dignity: '{planet} {dignity} है।',
      house:
        'भाव {house} {sign} राशि में है; इसका स्वामी {lord} है{lord_house?, जो भाव {lord_house} में स्थित है}{occupants?, और इस भाव में {occupants} हैं}।',
      dasha: '{lord} की {level} {start} से {end} तक चलती है।',
      contact: '{transit?गोचर: }{a} और {b} के बीच {aspect} है (अंश {orb})।',
      muhurta: 'विकल्प {rank}: {at}, तारा {tara}, वार स्वामी {weekday_lord}, अंक {score}।',
      karaka: '{role} {planet} है।',
      yoga: 'कुंडली में {name} है, जो {planets} से बनता है।',
      element: 'प्रधान तत्व {element} है ({share}%)।',
      profection: 'आयु {age} पर वार्षिक भाव {house} ({sign}) सक्रिय है, और वर्ष का स्वामी {time_lord} है।',
      window: 'विचाराधीन अवधि {start} से {end} तक है।',
      probability: 'इस विषय ({theme}) की गणना की गई संभावना {pct}% है।',
      essential: '{planet} इस विषय ({theme}) के आवश्यक ग्रहों में से एक है।',
      meta_factor: '{planet} कुंडली के दस मुख्य विषयों में से {n} को संचालित करता है।',
    },
    topics: {
      theme: 'विषय ({theme})',
      chart_reading: 'संपूर्ण कुंडली',
      dasha: '{date} को चल रही दशाओं',
      muhurta: 'मुहूर्त की अवधि',
      natal: 'जन्म कुंडली',
      relationship: 'दोनों कुंडलियों',
      forecast: 'पूर्वानुमान की अवधि',
    },
    theme: 'भाव {house}, कारक {karaka}',
  },
  mr: {
    sentences: {
      intro: 'हे विवेचन गणित केलेल्या कुंडली माहितीवर आधारित आहे ({topic}).',
      placement: '{owner?{owner}: }{planet} {sign} राशीत आहे{house?, भाव {house}}{retro?, वक्री}.',
      dignity: '{planet} {dignity} आहे.',
      house:
        'भाव {house} {sign} राशीत आहे; त्याचा स्वामी {lord} आहे{lord_house?, जो भाव {lord_house} मध्ये आहे}{occupants?, आणि या भावात {occupants} आहेत}.',
      dasha: '{level} ({lord}) {start} पासून {end} पर्यंत चालते.',
      contact: '{transit?गोचर: }{a} आणि {b} यांच्यात {aspect} आहे (अंश {orb}).',
      muhurta: 'पर्याय {rank}: {at}, तारा {tara}, वार स्वामी {weekday_lord}, गुण {score}.',
      karaka: '{role} {planet} आहे.',
      yoga: 'कुंडलीत {name} आहे, जो {planets} यांनी बनतो.',
      element: 'प्रधान तत्त्व {element} आहे ({share}%).',
      profection: 'वय {age} वर्षे असताना वार्षिक भाव {house} ({sign}) सक्रिय आहे; वर्षाचा स्वामी {time_lord} आहे.',
      window: 'विचारातील कालावधी {start} पासून {end} पर्यंत आहे.',
      probability: 'या विषयाची ({theme}) गणित संभाव्यता {pct}% आहे.',
      essential: '{planet} हा या विषयासाठी ({theme}) आवश्यक ग्रहांपैकी एक आहे.',
      meta_factor: '{planet} कुंडलीतील दहा मुख्य विषयांपैकी {n} विषय चालवतो.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'संपूर्ण कुंडली',
      dasha: '{date} रोजी चालू असलेल्या दशा',
      muhurta: 'मुहूर्त कालावधी',
      natal: 'जन्मकुंडली',
      relationship: 'दोन्ही कुंडल्या एकत्र',
      forecast: 'भविष्य कालावधी',
    },
    theme: 'भाव {house}, कारक {karaka}',
  },
  ta: {
    sentences: {
      intro: 'இந்த விளக்கம் கணிக்கப்பட்ட ஜாதகத் தரவுகளை அடிப்படையாகக் கொண்டது ({topic}).',
      placement: '{owner?{owner}: }{planet} {sign} ராசியில் உள்ளது{house?, {house} ஆம் பாவம்}{retro?, வக்கிரம்}.',
      dignity: '{planet} {dignity} நிலையில் உள்ளது.',
      house:
        '{house} ஆம் பாவம் {sign} ராசியில் உள்ளது; அதன் அதிபதி {lord}{lord_house?, அவர் {lord_house} ஆம் பாவத்தில் உள்ளார்}{occupants?; இந்தப் பாவத்தில் உள்ள கிரகங்கள்: {occupants}}.',
      dasha: '{lord} {level} {start} முதல் {end} வரை நடைபெறுகிறது.',
      contact: '{transit?கோசாரம்: }{a} மற்றும் {b} இடையே {aspect} உள்ளது (பாகை {orb}).',
      muhurta: 'தேர்வு {rank}: {at}, தாரை {tara}, நாள் அதிபதி {weekday_lord}, மதிப்பெண் {score}.',
      karaka: '{role}: {planet}.',
      yoga: 'ஜாதகத்தில் {name} உள்ளது; இதை உருவாக்கும் கிரகங்கள்: {planets}.',
      element: 'முதன்மை தத்துவம் {element} ({share}%).',
      profection: '{age} வயதில் வருடப் பாவம் {house} ({sign}) செயல்படுகிறது; வருட அதிபதி {time_lord}.',
      window: 'கருதப்படும் காலம் {start} முதல் {end} வரை.',
      probability: 'இந்த விஷயத்தின் ({theme}) கணிக்கப்பட்ட நிகழ்தகவு {pct}%.',
      essential: '{planet} இந்த விஷயத்திற்கான ({theme}) முக்கிய கிரகங்களில் ஒன்று.',
      meta_factor: '{planet} ஜாதகத்தின் பத்து முக்கிய விஷயங்களில் {n} விஷயங்களை இயக்குகிறது.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'முழு ஜாதகம்',
      dasha: '{date} அன்று நடக்கும் தசைகள்',
      muhurta: 'முகூர்த்தக் காலம்',
      natal: 'பிறப்பு ஜாதகம்',
      relationship: 'இரு ஜாதகங்களும் சேர்த்து',
      forecast: 'பலன் காணும் காலம்',
    },
    theme: '{house} ஆம் பாவம், காரகர் {karaka}',
  },
  te: {
    sentences: {
      intro: 'ఈ వివరణ లెక్కించిన జాతక సమాచారంపై ఆధారపడింది ({topic}).',
      placement: '{owner?{owner}: }{planet} {sign} రాశిలో ఉంది{house?, {house}వ భావం}{retro?, వక్రం}.',
      dignity: '{planet} {dignity} స్థితిలో ఉంది.',
      house:
        '{house}వ భావం {sign} రాశిలో ఉంది; దాని అధిపతి {lord}{lord_house?, ఇది {lord_house}వ భావంలో ఉంది}{occupants?; ఈ భావంలో ఉన్న గ్రహాలు: {occupants}}.',
      dasha: '{lord} {level} {start} నుండి {end} వరకు నడుస్తుంది.',
      contact: '{transit?గోచారం: }{a} మరియు {b} మధ్య {aspect} ఉంది (అంశ {orb}).',
      muhurta: 'ఎంపిక {rank}: {at}, తార {tara}, వార అధిపతి {weekday_lord}, మార్కులు {score}.',
      karaka: '{role}: {planet}.',
      yoga: 'జాతకంలో {name} ఉంది; దీనిని ఏర్పరిచే గ్రహాలు: {planets}.',
      element: 'ప్రధాన తత్వం {element} ({share}%).',
      profection: '{age} ఏళ్ల వయసులో వార్షిక భావం {house} ({sign}) క్రియాశీలంగా ఉంది; సంవత్సర అధిపతి {time_lord}.',
      window: 'పరిగణించిన కాలం {start} నుండి {end} వరకు.',
      probability: 'ఈ విషయానికి ({theme}) లెక్కించిన సంభావ్యత {pct}%.',
      essential: '{planet} ఈ విషయానికి ({theme}) ముఖ్యమైన గ్రహాలలో ఒకటి.',
      meta_factor: '{planet} జాతకంలోని పది ముఖ్య విషయాలలో {n} విషయాలను నడిపిస్తుంది.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'పూర్తి జాతకం',
      dasha: '{date} నాటి దశలు',
      muhurta: 'ముహూర్త కాలం',
      natal: 'జన్మ జాతకం',
      relationship: 'రెండు జాతకాలు కలిపి',
      forecast: 'ఫలిత కాలం',
    },
    theme: '{house}వ భావం, కారకుడు {karaka}',
  },
  kn: {
    sentences: {
      intro: 'ಈ ವಿವರಣೆ ಲೆಕ್ಕಹಾಕಿದ ಜಾತಕ ಮಾಹಿತಿಯನ್ನು ಆಧರಿಸಿದೆ ({topic}).',
      placement: '{owner?{owner}: }{planet} {sign} ರಾಶಿಯಲ್ಲಿದೆ{house?, {house}ನೇ ಭಾವ}{retro?, ವಕ್ರ}.',
      dignity: '{planet} {dignity} ಸ್ಥಿತಿಯಲ್ಲಿದೆ.',
      house:
        '{house}ನೇ ಭಾವ {sign} ರಾಶಿಯಲ್ಲಿದೆ; ಅದರ ಅಧಿಪತಿ {lord}{lord_house?, ಅದು {lord_house}ನೇ ಭಾವದಲ್ಲಿದೆ}{occupants?; ಈ ಭಾವದಲ್ಲಿರುವ ಗ್ರಹಗಳು: {occupants}}.',
      dasha: '{lord} {level} {start} ರಿಂದ {end} ವರೆಗೆ ನಡೆಯುತ್ತದೆ.',
      contact: '{transit?ಗೋಚಾರ: }{a} ಮತ್ತು {b} ನಡುವೆ {aspect} ಇದೆ (ಅಂಶ {orb}).',
      muhurta: 'ಆಯ್ಕೆ {rank}: {at}, ತಾರೆ {tara}, ವಾರಾಧಿಪತಿ {weekday_lord}, ಅಂಕ {score}.',
      karaka: '{role}: {planet}.',
      yoga: 'ಜಾತಕದಲ್ಲಿ {name} ಇದೆ; ಇದನ್ನು ಉಂಟುಮಾಡುವ ಗ್ರಹಗಳು: {planets}.',
      element: 'ಪ್ರಧಾನ ತತ್ವ {element} ({share}%).',
      profection: '{age} ವಯಸ್ಸಿನಲ್ಲಿ ವಾರ್ಷಿಕ ಭಾವ {house} ({sign}) ಸಕ್ರಿಯವಾಗಿದೆ; ವರ್ಷಾಧಿಪತಿ {time_lord}.',
      window: 'ಪರಿಗಣಿಸಿದ ಅವಧಿ {start} ರಿಂದ {end} ವರೆಗೆ.',
      probability: 'ಈ ವಿಷಯದ ({theme}) ಲೆಕ್ಕಹಾಕಿದ ಸಂಭವನೀಯತೆ {pct}%.',
      essential: '{planet} ಈ ವಿಷಯಕ್ಕೆ ({theme}) ಅಗತ್ಯವಾದ ಗ್ರಹಗಳಲ್ಲಿ ಒಂದು.',
      meta_factor: '{planet} ಜಾತಕದ ಹತ್ತು ಮುಖ್ಯ ವಿಷಯಗಳಲ್ಲಿ {n} ವಿಷಯಗಳನ್ನು ನಡೆಸುತ್ತದೆ.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'ಸಂಪೂರ್ಣ ಜಾತಕ',
      dasha: '{date} ರಂದು ನಡೆಯುತ್ತಿರುವ ದಶೆಗಳು',
      muhurta: 'ಮುಹೂರ್ತ ಅವಧಿ',
      natal: 'ಜನ್ಮ ಜಾತಕ',
      relationship: 'ಎರಡೂ ಜಾತಕಗಳು ಒಟ್ಟಿಗೆ',
      forecast: 'ಭವಿಷ್ಯ ಅವಧಿ',
    },
    theme: '{house}ನೇ ಭಾವ, ಕಾರಕ {karaka}',
  },
  ml: {
    sentences: {
      intro: 'ഈ വിശദീകരണം കണക്കാക്കിയ ജാതക വിവരങ്ങളെ ആധാരമാക്കിയുള്ളതാണ് ({topic}).',
      placement: '{owner?{owner}: }{planet} {sign} രാശിയിലാണ്{house?, {house}-ാം ഭാവം}{retro?, വക്രം}.',
      dignity: '{planet} {dignity} നിലയിലാണ്.',
      house:
        '{house}-ാം ഭാവം {sign} രാശിയിലാണ്; അതിന്റെ അധിപൻ {lord}{lord_house?, അത് {lord_house}-ാം ഭാവത്തിലാണ്}{occupants?; ഈ ഭാവത്തിലുള്ള ഗ്രഹങ്ങൾ: {occupants}}.',
      dasha: '{lord} {level} {start} മുതൽ {end} വരെ.',
      contact: '{transit?ഗോചാരം: }{a}, {b} എന്നിവ തമ്മിൽ {aspect} ഉണ്ട് (അംശം {orb}).',
      muhurta: 'തിരഞ്ഞെടുപ്പ് {rank}: {at}, താര {tara}, വാരാധിപൻ {weekday_lord}, സ്കോർ {score}.',
      karaka: '{role}: {planet}.',
      yoga: 'ജാതകത്തിൽ {name} ഉണ്ട്; ഇതിന് കാരണമായ ഗ്രഹങ്ങൾ: {planets}.',
      element: 'പ്രധാന തത്വം {element} ({share}%).',
      profection: '{age} വയസ്സിൽ വാർഷിക ഭാവം {house} ({sign}) സജീവമാണ്; വർഷാധിപൻ {time_lord}.',
      window: 'പരിഗണിക്കുന്ന കാലം {start} മുതൽ {end} വരെ.',
      probability: 'ഈ വിഷയത്തിന്റെ ({theme}) കണക്കാക്കിയ സാധ്യത {pct}% ആണ്.',
      essential: '{planet} ഈ വിഷയത്തിനുള്ള ({theme}) പ്രധാന ഗ്രഹങ്ങളിൽ ഒന്നാണ്.',
      meta_factor: '{planet} ജാതകത്തിലെ പത്ത് പ്രധാന വിഷയങ്ങളിൽ {n} എണ്ണം നയിക്കുന്നു.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'സമ്പൂർണ്ണ ജാതകം',
      dasha: '{date} തീയതിയിലെ ദശകൾ',
      muhurta: 'മുഹൂർത്ത കാലം',
      natal: 'ജനന ജാതകം',
      relationship: 'രണ്ട് ജാതകങ്ങളും ഒരുമിച്ച്',
      forecast: 'ഫല കാലം',
    },
    theme: '{house}-ാം ഭാവം, കാരകൻ {karaka}',
  },
  bn: {
    sentences: {
      intro: 'এই ব্যাখ্যা গণনা করা কোষ্ঠী তথ্যের উপর ভিত্তি করে ({topic})।',
      placement: '{owner?{owner}: }{planet} {sign} রাশিতে আছে{house?, {house} নম্বর ভাব}{retro?, বক্রী}।',
      dignity: '{planet} {dignity} অবস্থায় আছে।',
      house:
        '{house} নম্বর ভাব {sign} রাশিতে; এর অধিপতি {lord}{lord_house?, যা {lord_house} নম্বর ভাবে আছে}{occupants?; এই ভাবে আছে: {occupants}}।',
      dasha: '{lord} {level} {start} থেকে {end} পর্যন্ত চলে।',
      contact: '{transit?গোচর: }{a} ও {b}, এই দুইয়ের মধ্যে {aspect} আছে (অংশ {orb})।',
      muhurta: 'বিকল্প {rank}: {at}, তারা {tara}, বারাধিপতি {weekday_lord}, স্কোর {score}।',
      karaka: '{role}: {planet}।',
      yoga: 'কোষ্ঠীতে {name} আছে; এটি গঠনকারী গ্রহ: {planets}।',
      element: 'প্রধান তত্ত্ব {element} ({share}%)।',
      profection: '{age} বছর বয়সে বার্ষিক ভাব {house} ({sign}) সক্রিয়; বর্ষাধিপতি {time_lord}।',
      window: 'বিবেচিত সময় {start} থেকে {end} পর্যন্ত।',
      probability: 'এই বিষয়ের ({theme}) গণনা করা সম্ভাবনা {pct}%।',
      essential: '{planet} এই বিষয়ের ({theme}) জন্য প্রয়োজনীয় গ্রহগুলির একটি।',
      meta_factor: '{planet} কোষ্ঠীর দশটি প্রধান বিষয়ের মধ্যে {n} সংখ্যক বিষয় চালায়।',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'সম্পূর্ণ কোষ্ঠী',
      dasha: '{date} তারিখে চলমান দশা',
      muhurta: 'মুহূর্তের সময়সীমা',
      natal: 'জন্ম কোষ্ঠী',
      relationship: 'দুটি কোষ্ঠী একসঙ্গে',
      forecast: 'পূর্বাভাসের সময়সীমা',
    },
    theme: '{house} নম্বর ভাব, কারক {karaka}',
  },
  gu: {
    sentences: {
      intro: 'આ વિવેચન ગણતરી કરેલી કુંડળી માહિતી પર આધારિત છે ({topic}).',
      placement: '{owner?{owner}: }{planet} {sign} રાશિમાં છે{house?, ભાવ {house}}{retro?, વક્રી}.',
      dignity: '{planet} {dignity} છે.',
      house:
        'ભાવ {house} {sign} રાશિમાં છે; તેનો સ્વામી {lord} છે{lord_house?, જે ભાવ {lord_house} માં છે}{occupants?; આ ભાવમાં રહેલા ગ્રહો: {occupants}}.',
      dasha: '{lord} {level} {start} થી {end} સુધી ચાલે છે.',
      contact: '{transit?ગોચર: }{a} અને {b} વચ્ચે {aspect} છે (અંશ {orb}).',
      muhurta: 'વિકલ્પ {rank}: {at}, તારા {tara}, વાર સ્વામી {weekday_lord}, ગુણ {score}.',
      karaka: '{role}: {planet}.',
      yoga: 'કુંડળીમાં {name} છે; તે બનાવનાર ગ્રહો: {planets}.',
      element: 'પ્રધાન તત્ત્વ {element} છે ({share}%).',
      profection: 'ઉંમર {age} વર્ષે વાર્ષિક ભાવ {house} ({sign}) સક્રિય છે; વર્ષનો સ્વામી {time_lord} છે.',
      window: 'વિચારાધીન સમયગાળો {start} થી {end} સુધી છે.',
      probability: 'આ વિષયની ({theme}) ગણતરી કરેલી સંભાવના {pct}% છે.',
      essential: '{planet} આ વિષય ({theme}) માટે આવશ્યક ગ્રહોમાંનો એક છે.',
      meta_factor: '{planet} કુંડળીના દસ મુખ્ય વિષયોમાંથી {n} વિષયોને ચલાવે છે.',
    },
    topics: {
      theme: '{theme}',
      chart_reading: 'સંપૂર્ણ કુંડળી',
      dasha: '{date} ના રોજ ચાલતી દશાઓ',
      muhurta: 'મુહૂર્તનો સમયગાળો',
      natal: 'જન્મ કુંડળી',
      relationship: 'બંને કુંડળીઓ સાથે',
      forecast: 'ભવિષ્યનો સમયગાળો',
    },
    theme: 'ભાવ {house}, કારક {karaka}',
  },
};
