import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatIndianRupees,
  formatInr,
  formatRupees,
  INR_EXCEL_FORMAT,
  inrExcelFormat,
  numericOfPaise,
  type Paise,
  paise,
  paiseOfNumeric,
  paiseOfNumericIn,
  paiseOfNumericText,
  paiseOrZero,
  parseRupees,
  rupeesNumber,
  rupeesOfNumeric,
  rupeesToPaise,
  signInrCells,
  sumPaise,
} from './money.ts';

const anyPaise = fc.maxSafeInteger().map((n) => n as Paise);

describe('money: text <-> paise round trips', () => {
  it('parse(format(x)) is x for any paise, in the file form', () => {
    fc.assert(fc.property(anyPaise, (p) => parseRupees(formatRupees(p)) === p));
  });

  it('parse(format(x)) is x for any paise, in the screen form (₹, lakh grouping)', () => {
    fc.assert(fc.property(anyPaise, (p) => parseRupees(formatInr(p)) === p));
  });

  it('parse(format(x)) is x for any paise, in the grouped file form', () => {
    fc.assert(fc.property(anyPaise, (p) => parseRupees(formatIndianRupees(p)) === p));
  });

  it('the fast numeric reader agrees with the general one on any text', () => {
    const numericLike = fc.string({
      unit: fc.constantFrom('0', '1', '7', '9', '-', '.', ' ', 'e', '+'),
      maxLength: 22,
    });
    let plain = 0;
    fc.assert(
      fc.property(fc.oneof(numericLike, fc.string()), (t) => {
        const fast = paiseOfNumeric(t);
        if (Number.isSafeInteger(fast) && t !== '') plain++;
        return Object.is(fast, paiseOfNumericText(t));
      }),
      { numRuns: 5000 },
    );
    // the alphabet makes plain amounts often enough to test the fast path
    expect(plain).toBeGreaterThan(500);
  });

  it('an amount read where it stands in a line is the amount cut out of it', () => {
    const numericLike = fc.string({ unit: fc.constantFrom('0', '5', '9', '-', '.', 'x'), maxLength: 20 });
    fc.assert(
      fc.property(fc.string(), fc.oneof(numericLike, fc.string()), fc.string(), (before, t, after) => {
        const line = `${before}${t}${after}`;
        return Object.is(
          paiseOfNumericIn(line, before.length, before.length + t.length),
          paiseOfNumericText(t === '' ? '0' : t),
        );
      }),
      { numRuns: 5000 },
    );
    // a digit after the field is not read into it
    expect(paiseOfNumericIn('12.50\t7', 0, 5)).toBe(1250);
    expect(paiseOfNumericIn('\t-0.05\t', 1, 6)).toBe(-5);
  });

  it('SQL numeric text goes both ways exactly', () => {
    fc.assert(fc.property(anyPaise, (p) => paiseOfNumeric(numericOfPaise(p)) === p));
  });

  it('a spreadsheet double of an amount comes back as the same paise', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
        (p) => rupeesToPaise(rupeesNumber(p)) === p,
      ),
    );
  });
});

// parseRupees as it was before its one-pass reader for plain amounts: the
// reference every text must still read the same against.
const referenceRupees = (text: string): number | null => {
  let s = text.trim().replace(/,/g, '');
  let negative = false;
  if (s.startsWith('-₹')) {
    negative = true;
    s = s.slice(1);
  }
  s = s.replace(/^₹\s*/, '');
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const whole = m[1] === '' ? 0 : Number(m[1]);
  const fraction = m[2] ?? '';
  const cents = Number(`${fraction}00`.slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const value = whole * 100 + cents + roundUp;
  if (!Number.isSafeInteger(value)) return null;
  return negative && value !== 0 ? -value : value;
};

describe('parseRupees', () => {
  it('reads any text as the reference reader does', () => {
    const amountish = fc
      .array(fc.constantFrom('0', '1', '5', '9', '4', ',', '.', '-', '+', ' ', '₹', '(', ')', 'x'), {
        maxLength: 22,
      })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.oneof(amountish, fc.string(), fc.stringMatching(/^-?\d{0,18}(\.\d{0,4})?$/)), (text) => {
        expect(parseRupees(text)).toBe(referenceRupees(text));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['1,00,000.50', 10000050],
    ['100,000.50', 10000050],
    ['-12.5', -1250],
    ['(300)', -30000],
    ['₹1,23,456.50', 12345650],
    ['-₹5.00', -500],
    ['+7', 700],
    ['.5', 50],
    ['12.345', 1235],
    ['12.344', 1234],
    ['-0.00', 0],
  ])('%s is %i paise', (text, p) => expect(parseRupees(text)).toBe(p));

  it.each(['', 'abc', '1.2.3', '12-', '--5', '₹', '1e5'])('%j is not an amount', (text) =>
    expect(parseRupees(text)).toBeNull(),
  );

  it('reads an API amount or nothing as paise, 0 for none', () => {
    expect(paiseOrZero('1234.50')).toBe(123450);
    expect(paiseOrZero(null)).toBe(0);
    expect(paiseOrZero(undefined)).toBe(0);
    expect(paiseOrZero('not money')).toBe(0);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0.00', '₹0.00', '0.00'],
    [5, '0.05', '₹0.05', '0.05'],
    [-5, '-0.05', '-₹0.05', '-0.05'],
    [123456, '1234.56', '₹1,234.56', '1,234.56'],
    [15000000, '150000.00', '₹1,50,000.00', '1,50,000.00'],
    [1234567850, '12345678.50', '₹1,23,45,678.50', '1,23,45,678.50'],
    [-12345678901, '-123456789.01', '-₹12,34,56,789.01', '-12,34,56,789.01'],
  ])('%i paise: %s, %s, %s', (p, plain, screen, grouped) => {
    expect(formatRupees(p)).toBe(plain);
    expect(formatInr(p)).toBe(screen);
    expect(formatIndianRupees(p)).toBe(grouped);
  });

  // Intl's en-IN formats, fed the amount as decimal text, are the reference
  // for the grouping money.ts writes out itself
  const intlInr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
  const intlGrouped = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it('groups every amount as Intl en-IN does, from paise to the largest safe amount', () => {
    const amounts = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 0, max: 16 }).map((k) => 10 ** k),
      fc.integer({ min: 1, max: 16 }).map((k) => -(10 ** k) + 1),
    );
    fc.assert(
      fc.property(amounts, (p) => {
        const text = formatRupees(p) as `${number}`;
        expect(formatInr(p)).toBe(intlInr.format(text));
        expect(formatIndianRupees(p)).toBe(intlGrouped.format(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('shows the largest safe amount to the paisa (no rupee double in between)', () => {
    expect(formatInr(Number.MAX_SAFE_INTEGER)).toBe('₹9,00,71,99,25,47,409.91');
  });
});

describe('SQL numeric text', () => {
  it.each([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['12', 1200],
    ['-0.05', -5],
    ['-12', -1200],
    ['', 0],
    [null, 0],
  ])('%j is %i paise', (text, p) => expect(paiseOfNumeric(text)).toBe(p));

  it('normalises database numeric text to the API money text', () => {
    expect(rupeesOfNumeric('1234.5')).toBe('1234.50');
    expect(rupeesOfNumeric('7')).toBe('7.00');
    expect(rupeesOfNumeric(null)).toBe('0.00');
  });
});

describe('paise arithmetic', () => {
  it('sums to the paisa where rupee doubles would not', () => {
    const amounts = [10, 20, 123456789].map(paise);
    expect(formatRupees(sumPaise(amounts))).toBe('1234568.19');
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => paise(1.5)).toThrow(RangeError);
  });
});

// How a spreadsheet prints the formats inrExcelFormat gives (Excel's rules,
// the same in LibreOffice for these shapes: checked by converting a workbook
// with soffice --convert-to csv): a section whose [condition] holds, else the
// last; without conditions the first section for zero and more and the
// second, without the number's own sign, for less. Digits fill the pattern
// from the right; a literal comma (\,) stands where it is written, #,## is
// thousands grouping.
const printed = (format: string, value: number): string => {
  const sections = format.split(';');
  const conditional = sections.map((f) => /^\[(>=|<=)(-?\d+)\]/.exec(f));
  let section: string;
  if (conditional.some(Boolean)) {
    const i = conditional.findIndex(
      (m) => m !== null && (m[1] === '>=' ? value >= Number(m[2]) : value <= Number(m[2])),
    );
    section = (i >= 0 ? sections[i] : sections[sections.length - 1])!.replace(/^\[[^\]]*\]/, '');
  } else section = value >= 0 ? sections[0]! : sections[1]!;
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.') as [string, string];
  const pattern = /[#0\\,]+\.00$/.exec(section)![0].slice(0, -3);
  let digits = whole;
  let out = '';
  if (pattern.includes('\\,')) {
    // literal commas: the placeholders after each one say where it goes
    const groups = pattern.split('\\,').map((g) => g.length);
    for (let g = groups.length - 1; g > 0 && digits.length > 0; g--) {
      const take = digits.slice(-groups[g]!);
      digits = digits.slice(0, -groups[g]!);
      out = `${digits.length > 0 ? ',' : ''}${take}${out}`;
    }
    out = digits + out;
  } else out = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return section.replace(/[#0\\,]+\.00$/, `${out}.${fraction}`).replaceAll('"', '');
};

describe('rupee cells in Excel', () => {
  it('prints every amount below a hundred crore as the screens do, negative ones too', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_99_99_999_99, max: 99_99_99_999_99 }), (p) => {
        const rupees = p / 100;
        expect(printed(inrExcelFormat(rupees), rupees)).toBe(formatInr(p));
      }),
      { numRuns: 20_000 },
    );
    for (const p of [-1_00_00_000_00, -99_99_999_99, -1_00_000_00, -99_999_99, -1, 0, 1_00_000_00])
      expect(printed(inrExcelFormat(p / 100), p / 100)).toBe(formatInr(p));
  });

  it("gives a row's negative rupee cells their own format and leaves the rest", () => {
    const cells = [
      { value: -1_50_000, numFmt: INR_EXCEL_FORMAT },
      { value: 1_50_000, numFmt: INR_EXCEL_FORMAT },
      { value: -5, numFmt: '0' },
      { value: 'text', numFmt: INR_EXCEL_FORMAT },
    ];
    signInrCells({ eachCell: (callback) => cells.forEach(callback) });
    expect(cells.map((c) => c.numFmt)).toEqual([
      inrExcelFormat(-1_50_000),
      INR_EXCEL_FORMAT,
      '0',
      INR_EXCEL_FORMAT,
    ]);
    expect(inrExcelFormat(-1_50_000)).not.toBe(INR_EXCEL_FORMAT);
  });
});
