import type { Example } from './model.ts';
import { seededRandom } from './random.ts';

// Labelled expense narrations the way ledgers write them: a nature of
// payment, an object, a period and a party, with the abbreviations, typos and
// noise of real Tally and SAP exports. For tests, the benchmark and the demo
// company; seeded, so the same call gives the same examples.

const NATURES: Record<string, string[]> = {
  '194J(b)': [
    'professional fees',
    'legal fees',
    'audit fees',
    'consultancy charges',
    'retainership fees',
    'advocate fees',
    'chartered accountant fees',
    'architect fees',
    'medical consultation fees',
  ],
  '194J(a)': [
    'technical services',
    'software support charges',
    'amc technical support',
    'call centre services',
    'it maintenance services',
    'technical know how fees',
    'service charges',
    'maintenance charges',
  ],
  '194C': [
    'freight inward',
    'transportation charges',
    'labour contract',
    'housekeeping contract',
    'security services',
    'printing and stationery job work',
    'catering contract',
    'advertisement contract',
    'loading and unloading charges',
    'courier charges',
    // Narrations that also appear under other sections: real ledgers are ambiguous.
    'service charges',
    'maintenance charges',
    'hire charges',
  ],
  '194H': [
    'commission on sales',
    'brokerage',
    'agency commission',
    'sales incentive commission',
    'dealer commission',
  ],
  '194I(b)': [
    'office rent',
    'rent for warehouse',
    'godown rent',
    'lease rent building',
    'rent for guest house',
    'furniture hire',
  ],
  '194I(a)': [
    'machinery hire charges',
    'equipment rental',
    'crane hire',
    'plant and machinery rent',
    'generator hire',
  ],
  '194A': [
    'interest on loan',
    'interest on inter corporate deposit',
    'interest on delayed payment',
    'interest on unsecured loan',
  ],
  '194Q': [
    'purchase of raw material',
    'purchase of goods',
    'material purchase',
    'purchase of steel',
    'purchase of packing material',
  ],
  '194R': [
    'gift to dealers',
    'business promotion perquisite',
    'dealer conference sponsorship',
    'free samples to doctors',
  ],
  '194T': ['partner remuneration', 'interest on partner capital', 'partner salary', 'commission to partner'],
};

const OBJECTS = ['for', 'towards', 'being', 'paid for', 'payable for', 'provision for', ''];
const PERIODS = [
  'apr',
  'may',
  'june',
  'jul',
  'aug',
  'sept',
  'oct',
  'nov',
  'dec',
  'jan',
  'feb',
  'march',
  'q1',
  'q2',
  'fy 24-25',
];
const PARTIES = [
  'm/s sharma & co',
  'abc logistics',
  'kumar associates',
  'zenith infra',
  'sai traders',
  'patel brothers',
  'global tech',
  'om sai',
  'vendor',
  '',
];
const ABBREVIATIONS: [RegExp, string][] = [
  [/professional/, 'prof'],
  [/charges/, 'chgs'],
  [/services/, 'serv'],
  [/transportation/, 'transport'],
  [/commission/, 'comm'],
  [/consultancy/, 'consultncy'],
  [/purchase/, 'purch'],
  [/interest/, 'int'],
  [/maintenance/, 'maint'],
];

const typo = (word: string, random: () => number): string => {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  const kind = random();
  if (kind < 0.33) return word.slice(0, i) + word.slice(i + 1); // dropped letter
  if (kind < 0.66) return word.slice(0, i) + word[i] + word.slice(i); // doubled letter
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1); // swapped letters
};

// `noise`: the share of examples whose label is a random section, as when a
// ledger was booked under the wrong section.
export const sampleDescriptions = (count: number, seed = 7, noise = 0.03): Example[] => {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const sections = Object.keys(NATURES);
  const out: Example[] = [];
  for (let n = 0; n < count; n++) {
    const trueLabel = pick(sections);
    let nature = pick(NATURES[trueLabel]!);
    for (const [pattern, short] of ABBREVIATIONS)
      if (random() < 0.25) nature = nature.replace(pattern, short);
    const words = nature.split(' ').map((w) => (random() < 0.08 ? typo(w, random) : w));
    const parts = [
      pick(OBJECTS),
      words.join(' '),
      random() < 0.6 ? pick(PERIODS) : '',
      random() < 0.5 ? pick(PARTIES) : '',
    ];
    if (random() < 0.3) parts.unshift(pick(['being', 'to', 'by', 'jv']));
    const text = parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
    const label = random() < noise ? pick(sections) : trueLabel;
    out.push({ text: random() < 0.5 ? text.toUpperCase() : text, label });
  }
  return out;
};
