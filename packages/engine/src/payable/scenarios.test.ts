import { describe, expect, it } from 'vitest';
import { computePayable } from './compute.ts';
import { entry, glMapping, payableInput, rule, rupees, vendor, vendorMapping } from './test-helpers.ts';

// One hand-computed scenario per rule of DOMAIN.md section 7.

const only = (input: Parameters<typeof computePayable>[0]) => {
  const r = computePayable(input);
  return r.entries;
};

describe('7.1 section of an entry', () => {
  it('takes the expense mapping of the primary key before the secondary key and the GL code', () => {
    const [e] = only(
      payableInput({
        entries: [
          entry({
            base: 50_000,
            primaryExpenseKey: 'K-RENT',
            secondaryExpenseKey: 'K-COMM',
            glCode: 'GL-PROF',
          }),
        ],
        expenseSections: [
          glMapping('K-RENT', '194I(b)'),
          glMapping('K-COMM', '194H'),
          glMapping('GL-PROF', '194J(b)'),
        ],
      }),
    );
    expect(e!.section).toBe('194I(b)');
    expect(e!.sectionSource).toBe('primaryExpenseKey');
  });

  it('falls to the secondary key, then the GL code, and reads a mapping only on its dates', () => {
    const entries = only(
      payableInput({
        entries: [
          entry({ base: 50_000, primaryExpenseKey: 'NOPE', secondaryExpenseKey: 'K-COMM' }),
          entry({ base: 50_000, glCode: 'GL-X', documentDate: '2024-05-01' }),
          entry({ base: 50_000, glCode: 'GL-X', documentDate: '2024-09-01' }),
        ],
        expenseSections: [
          glMapping('K-COMM', '194H'),
          glMapping('GL-X', '194C', { from: '2024-04-01', to: '2024-06-30' }),
          glMapping('GL-X', '194J(a)', { from: '2024-07-01', to: null }),
        ],
      }),
    );
    expect(entries.map((e) => [e.section, e.sectionSource])).toEqual([
      ['194H', 'secondaryExpenseKey'],
      ['194C', 'glCode'],
      ['194J(a)', 'glCode'],
    ]);
  });

  it("uses a rule set, then the vendor's only section mapping, else GL_UNMAPPED", () => {
    const r = computePayable(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'V1' }),
          vendor({ vendorCode: 'V2', pan: 'AAAPB1234B' }),
          vendor({ vendorCode: 'V3', pan: 'AAAPC1234C' }),
        ],
        vendorSections: [
          vendorMapping('V2', '194C'),
          vendorMapping('V3', '194C'),
          vendorMapping('V3', '194J(b)'),
        ],
        ruleSets: [
          {
            name: 'Freight',
            section: '194C',
            logicalOperator: 'AND',
            rules: [
              { field: 'documentDescription', operator: 'contains', values: ['freight'] },
              { field: 'glCode', operator: 'equals', values: ['GL-LOG'] },
            ],
          },
        ],
        entries: [
          entry({ base: 40_000, glCode: 'GL-LOG', documentDescription: 'Freight inward Mumbai' }),
          entry({ base: 40_000, glCode: 'GL-MISC', vendorCode: 'V2' }),
          entry({ base: 40_000, glCode: 'GL-MISC', vendorCode: 'V3' }),
        ],
      }),
    );
    expect(r.entries.map((e) => [e.section, e.sectionSource, e.status, e.errorCode])).toEqual([
      ['194C', 'ruleSet', 'notDeducted', null],
      ['194C', 'vendorMapping', 'notDeducted', null],
      [null, null, 'error', 'GL_UNMAPPED'],
    ]);
    expect(r.summary.glUnmapped).toBe(1);
  });

  it("reads a rule set's Vendor Section and GL Section from the masters (spec part 3 section 9)", () => {
    const r = computePayable(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'V1' }),
          vendor({ vendorCode: 'V2', pan: 'AAAPB1234B' }),
          vendor({ vendorCode: 'V3', pan: 'AAAPC1234C' }),
        ],
        // V2 does contract work and professional work: its own mapping cannot choose
        vendorSections: [
          vendorMapping('V2', '194C'),
          vendorMapping('V2', '194J(b)'),
          vendorMapping('V3', '194C'),
        ],
        // GL-OLD's mapping ended before the year: the mapping alone no longer gives it
        expenseSections: [glMapping('GL-OLD', '194I(b)', { from: '2020-04-01', to: '2021-03-31' })],
        ruleSets: [
          {
            name: 'Professional work of contractors',
            section: '194J(b)',
            logicalOperator: 'AND',
            rules: [
              { field: 'vendorSection', operator: 'equals', values: ['194 C'] },
              { field: 'documentDescription', operator: 'contains', values: ['consulting'] },
            ],
          },
          {
            name: 'Rent GL kept on its old section',
            section: '194I(b)',
            logicalOperator: 'NOOPERATOR',
            rules: [{ field: 'glSection', operator: 'contains', values: ['194I'] }],
          },
        ],
        entries: [
          entry({ base: 40_000, glCode: 'GL-MISC', vendorCode: 'V2', documentDescription: 'Consulting fee' }),
          entry({ base: 40_000, glCode: 'GL-MISC', vendorCode: 'V3', documentDescription: 'Site work' }),
          entry({ base: 40_000, glCode: 'GL-OLD', vendorCode: 'V1', documentDescription: 'Office rent' }),
          // no vendor section of V1 is 194C: the first rule set does not hold
          entry({ base: 40_000, glCode: 'GL-MISC', vendorCode: 'V1', documentDescription: 'Consulting fee' }),
        ],
      }),
    );
    expect(r.entries.map((e) => [e.section, e.sectionSource])).toEqual([
      ['194J(b)', 'ruleSet'],
      ['194C', 'vendorMapping'],
      ['194I(b)', 'ruleSet'],
      [null, null],
    ]);
  });

  it('lets a force-Y custom rule set the section and a force-N rule switch TDS off', () => {
    const entries = only(
      payableInput({
        vendors: [vendor({ vendorCode: 'V1' }), vendor({ vendorCode: 'V9', pan: 'AAAPZ1234Z' })],
        customRules: [
          rule('ALL', 'ALL', 'ALL', 'N'),
          rule('GL-PROF', '194J(a)', 'V9', 'Y'),
          rule('GL-CONTRACT', '194C', 'ALL', 'N'),
        ],
        entries: [
          entry({ base: 50_000, glCode: 'GL-PROF', vendorCode: 'V9' }),
          entry({ base: 50_000, glCode: 'GL-CONTRACT' }),
          entry({ base: 50_000, glCode: 'GL-PROF' }),
        ],
      }),
    );
    expect(entries.map((e) => [e.section, e.sectionSource, e.status])).toEqual([
      ['194J(a)', 'customRule', 'notDeducted'],
      ['194C', 'customRule', 'notApplicable'],
      ['194J(b)', 'glCode', 'notDeducted'],
    ]);
    // 194J(a) at 2% on Rs 50,000.
    expect(rupees(entries[0]!.due)).toBe(1_000);
  });

  // A line without a vendor code finds its vendor by PAN (decisions.md); the
  // vendor so found is the line's vendor for every source that names one.
  it("gives a line whose vendor is found by PAN the vendor's only section mapping and its custom rules", () => {
    const entries = only(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'V1', pan: 'AAACA1234A' }),
          vendor({ vendorCode: 'V2', pan: 'AAACB1234B' }),
        ],
        vendorSections: [vendorMapping('V1', '194C')],
        customRules: [rule('GL-PROF', '194J(a)', 'V2', 'Y')],
        entries: [
          entry({ base: 50_000, glCode: 'GL-NONE', vendorCode: null, panNo: 'AAACA1234A' }),
          entry({ base: 50_000, glCode: 'GL-PROF', vendorCode: null, panNo: 'AAACB1234B' }),
        ],
      }),
    );
    expect(entries.map((e) => [e.errorCode, e.section, e.sectionSource])).toEqual([
      [null, '194C', 'vendorMapping'],
      [null, '194J(a)', 'customRule'],
    ]);
    // 194C at 2% for a company; 194J(a) at 2%
    expect(entries.map((e) => rupees(e.due))).toEqual([1_000, 1_000]);
  });

  it('reports an unknown vendor code as VENDOR_MISSING and a non-resident as 27Q, not computed', () => {
    const r = computePayable(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'V1' }),
          vendor({ vendorCode: 'NR1', pan: 'AAACN1234N', resident: false }),
        ],
        entries: [entry({ base: 50_000, vendorCode: 'GHOST' }), entry({ base: 50_000, vendorCode: 'NR1' })],
      }),
    );
    expect(r.entries.map((e) => [e.status, e.errorCode, e.returnForm])).toEqual([
      ['error', 'VENDOR_MISSING', null],
      ['notApplicable', null, '27Q'],
    ]);
    expect(r.summary.vendorMissing).toBe(1);
    expect(r.form3cd).toEqual([]);
  });
});

describe('7.2 and 7.3 deductee type and rate', () => {
  it('reads the deductee type from the 4th letter of the PAN', () => {
    const entries = only(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'C', pan: 'AAACA1234A' }),
          vendor({ vendorCode: 'P', pan: 'AAAPA1234A' }),
          vendor({ vendorCode: 'H', pan: 'AAAHA1234A' }),
          vendor({ vendorCode: 'F', pan: 'AAAFA1234A' }),
        ],
        entries: ['C', 'P', 'H', 'F'].map((v) =>
          entry({ base: 50_000, glCode: 'GL-CONTRACT', vendorCode: v }),
        ),
      }),
    );
    expect(entries.map((e) => [e.deducteeType, e.rate, rupees(e.due)])).toEqual([
      ['company', 2, 1_000],
      ['individual', 1, 500],
      ['individual', 1, 500],
      ['others', 2, 1_000],
    ]);
  });

  it('keeps both 194H rates of FY 2024-25: 5% to 30 September, 2% from 1 October', () => {
    const entries = only(
      payableInput({
        entries: [
          entry({ base: 20_000, glCode: 'GL-COMM', documentDate: '2024-09-30' }),
          entry({ base: 20_000, glCode: 'GL-COMM', documentDate: '2024-10-01' }),
        ],
      }),
    );
    expect(entries.map((e) => [e.rate, rupees(e.due)])).toEqual([
      [5, 1_000],
      [2, 400],
    ]);
  });

  it('applies 206AA for no PAN, an invalid PAN and an inoperative PAN', () => {
    const entries = only(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'N', pan: null, vendorType: 'Company' }),
          vendor({ vendorCode: 'I', pan: 'NOTAPAN01' }),
          vendor({ vendorCode: 'O', pan: 'AAAPO1234O', aadhaarPanLink: 'Inoperative' }),
          // as a master typed by hand may have it
          vendor({ vendorCode: 'S', pan: 'AAAPS1234S', aadhaarPanLink: ' inoperative ' }),
        ],
        entries: ['N', 'I', 'O', 'S'].map((v) => entry({ base: 50_000, glCode: 'GL-PROF', vendorCode: v })),
      }),
    );
    expect(entries.map((e) => [e.rateBasis, e.rate, rupees(e.due)])).toEqual([
      ['206AA', 20, 10_000],
      ['206AA', 20, 10_000],
      ['206AA', 20, 10_000],
      ['206AA', 20, 10_000],
    ]);
    // Without a PAN the vendor type decides the deductee type.
    expect(entries[0]!.deducteeType).toBe('company');
  });

  it('applies 206AB (twice the rate, at least 5%) only to documents before 1 April 2025', () => {
    const fy24 = only(
      payableInput({
        vendors: [vendor({ vendorCode: 'V1', pan: 'AAAPA1234A', compliance206AB: true })],
        entries: [
          entry({ base: 1_00_000, glCode: 'GL-CONTRACT' }),
          entry({ base: 1_00_000, glCode: 'GL-PROF' }),
        ],
      }),
    );
    // 194C individual 1% -> max(2%, 5%) = 5%; 194J(b) 10% -> 20%.
    expect(fy24.map((e) => [e.rateBasis, e.rate])).toEqual([
      ['206AB', 5],
      ['206AB', 20],
    ]);
    const fy25 = only(
      payableInput({
        financialYear: '2025-26',
        vendors: [vendor({ vendorCode: 'V1', pan: 'AAAPA1234A', compliance206AB: true })],
        entries: [entry({ base: 1_00_000, glCode: 'GL-CONTRACT', documentDate: '2025-04-01' })],
      }),
    );
    expect([fy25[0]!.rateBasis, fy25[0]!.rate]).toEqual(['normal', 1]);
  });

  it('takes the higher result when both 206AA and 206AB apply', () => {
    const [e] = only(
      payableInput({
        vendors: [
          vendor({
            vendorCode: 'V1',
            pan: 'AAAPA1234A',
            compliance206AB: true,
            aadhaarPanLink: 'Inoperative',
          }),
        ],
        entries: [entry({ base: 1_00_000, glCode: 'GL-PROF' })],
      }),
    );
    // 206AA: max(10, 20) = 20; 206AB: max(20, 5) = 20; equal, so 206AA is kept.
    expect(e!.rate).toBe(20);
    const [c] = only(
      payableInput({
        vendors: [
          vendor({
            vendorCode: 'V1',
            pan: 'AAAPA1234A',
            compliance206AB: true,
            aadhaarPanLink: 'Inoperative',
          }),
        ],
        entries: [entry({ base: 1_00_000, glCode: 'GL-GOODS' })],
        sectionTypes: [
          {
            section: '194J(b)',
            expenseType: 'Royalty',
            expenseTypeDetail: null,
            tdsExempted: false,
            rateCompany: 15,
            rateIndividual: 15,
            rateOthers: 15,
            rateNoPan: 20,
            from: '2024-04-01',
            to: null,
            thresholdInvoice: null,
            thresholdMonthly: null,
            thresholdAnnually: null,
          },
        ],
        expenseSections: [glMapping('GL-GOODS', '194J(b)')],
      }),
    );
    // 206AA gives 20, 206AB gives 30: the higher wins.
    expect([c!.rateBasis, c!.rate, rupees(c!.due)]).toEqual(['206AB', 30, 30_000]);
  });

  it('charges an LDC rate up to its amount and the normal rate above it', () => {
    const entries = only(
      payableInput({
        vendorSections: [
          vendorMapping('V1', '194J(b)', {
            ltdcApplied: true,
            ltdcRate: 2,
            ltdcAmount: 1_50_000_00 as never,
            ltdcFrom: '2024-04-01',
            ltdcTo: '2025-03-31',
          }),
        ],
        entries: [
          entry({ base: 1_00_000, documentDate: '2024-05-10' }),
          entry({ base: 1_00_000, documentDate: '2024-06-10' }),
          entry({ base: 1_00_000, documentDate: '2024-07-10' }),
        ],
      }),
    );
    // 2% of 1,00,000; 2% of 50,000 + 10% of 50,000; 10% of 1,00,000.
    expect(entries.map((e) => [e.rateBasis, rupees(e.due)])).toEqual([
      ['LDC', 2_000],
      ['LDC+normal', 6_000],
      ['normal', 10_000],
    ]);
    // The row split by the certificate's limit says how much was at which
    // rate, for the 26Q's two deductee rows; the others need no split.
    expect(
      entries.map((e) => [e.rate, e.ldcTaxable === null ? null : rupees(e.ldcTaxable), e.normalRate]),
    ).toEqual([
      [2, null, null],
      [2, 50_000, 10],
      [10, null, null],
    ]);
  });
});

describe('7.4 exemptions', () => {
  it('exempts by the vendor section mapping within its dates, and by an exempt section type', () => {
    const entries = only(
      payableInput({
        vendorSections: [
          vendorMapping('V1', '194C', {
            tdsExempted: true,
            tdsExemptedFrom: '2024-04-01',
            tdsExemptedTo: '2024-06-30',
          }),
        ],
        expenseSections: [
          glMapping('GL-CONTRACT', '194C'),
          glMapping('GL-EXEMPT', '194J(b)', { tdsExempted: true }),
        ],
        entries: [
          entry({ base: 50_000, glCode: 'GL-CONTRACT', documentDate: '2024-06-30' }),
          entry({ base: 50_000, glCode: 'GL-CONTRACT', documentDate: '2024-07-01' }),
          entry({ base: 50_000, glCode: 'GL-EXEMPT' }),
        ],
      }),
    );
    expect(entries.map((e) => e.status)).toEqual(['exempt', 'notDeducted', 'exempt']);
  });

  it("keeps why the vendor's mapping exempts (T, a transporter under 194C(6)) on the entry and in its reason", () => {
    const entries = only(
      payableInput({
        vendors: [vendor({ vendorCode: 'V1' }), vendor({ vendorCode: 'V2', pan: 'AAAPB1234B' })],
        vendorSections: [
          vendorMapping('V1', '194C', { tdsExempted: true, exemptReason: 'T' }),
          // exempt, the reason not recorded (every mapping before session 39)
          vendorMapping('V2', '194C', { tdsExempted: true }),
        ],
        expenseSections: [
          glMapping('GL-CONTRACT', '194C'),
          glMapping('GL-EXEMPT', '194J(b)', { tdsExempted: true }),
        ],
        entries: [
          entry({ base: 50_000, glCode: 'GL-CONTRACT' }),
          entry({ base: 50_000, glCode: 'GL-CONTRACT', vendorCode: 'V2' }),
          // exempt by the expense mapping: no reason, even for V1
          entry({ base: 50_000, glCode: 'GL-EXEMPT' }),
        ],
      }),
    );
    expect(entries.map((e) => [e.status, e.exemptReason])).toEqual([
      ['exempt', 'T'],
      ['exempt', null],
      ['exempt', null],
    ]);
    expect(entries[0]!.reason).toContain("exempt: transporter's declaration under 194C(6) (T)");
    expect(entries[1]!.reason).not.toMatch(/declaration/);
    expect(JSON.parse(JSON.stringify(entries[0])).exemptReason).toBe('T');
  });
});

describe('7.5 thresholds', () => {
  // A type without a threshold (a director's fees) is always liable and counts
  // apart: the Act gives 194J(b)'s professional fees their own ₹30,000.
  it("keeps a director's fees out of the professional fees' annual aggregate, and a certificate is spent once", () => {
    const withTypes = (extra: object = {}) =>
      payableInput({
        vendors: [vendor({ vendorCode: 'V1', pan: 'AAAPD1234D' })],
        expenseSections: [
          glMapping('GL-PROF', '194J(b)', { expenseType: 'Professional fees' }),
          glMapping('GL-DIR', '194J(b)', { expenseType: 'Director fees' }),
        ],
        entries: [
          entry({ base: 20_000, glCode: 'GL-DIR', documentDate: '2024-05-10' }),
          entry({ base: 15_000, glCode: 'GL-PROF', documentDate: '2024-06-10' }),
        ],
        ...extra,
      });
    const plain = only(withTypes());
    expect(plain.map((e) => [e.status, rupees(e.due)])).toEqual([
      ['notDeducted', 2_000],
      ['belowThreshold', 0],
    ]);
    // A certificate of ₹25,000 at 2% is spent once over both: the professional
    // fees (over their threshold, the group that comes first) take all of it,
    // the director's fees none (it took ₹25,000 in each group before).
    const certified = only(
      withTypes({
        vendorSections: [
          vendorMapping('V1', '194J(b)', {
            ltdcApplied: true,
            ltdcRate: 2,
            ltdcAmount: 25_000_00 as never,
            ltdcFrom: '2024-04-01',
            ltdcTo: '2025-03-31',
          }),
        ],
        entries: [
          entry({ base: 20_000, glCode: 'GL-DIR', documentDate: '2024-05-10' }),
          entry({ base: 35_000, glCode: 'GL-PROF', documentDate: '2024-06-10' }),
        ],
      }),
    );
    expect(certified.map((e) => [e.rateBasis, rupees(e.due)])).toEqual([
      ['normal', 2_000],
      // 2% of 25,000 + 10% of 10,000
      ['LDC+normal', 1_500],
    ]);
  });

  it('makes a single payment at the invoice threshold liable and one below it not', () => {
    const entries = only(
      payableInput({
        entries: [
          entry({ base: 30_000, glCode: 'GL-CONTRACT' }),
          entry({ base: 29_999.99, glCode: 'GL-CONTRACT', vendorCode: 'V2' }),
        ],
        vendors: [vendor({ vendorCode: 'V1' }), vendor({ vendorCode: 'V2', pan: 'AAAPB1234B' })],
      }),
    );
    expect(entries.map((e) => e.status)).toEqual(['notDeducted', 'belowThreshold']);
  });

  it('once the annual threshold is crossed marks the whole year liable, recognised in the month of crossing', () => {
    const r = computePayable(
      payableInput({
        entries: [
          entry({ base: 20_000, glCode: 'GL-CONTRACT', documentDate: '2024-04-10' }),
          entry({ base: 25_000, glCode: 'GL-CONTRACT', documentDate: '2024-05-10' }),
          entry({ base: 25_000, glCode: 'GL-CONTRACT', documentDate: '2024-06-10' }),
          entry({ base: 29_000, glCode: 'GL-CONTRACT', documentDate: '2024-07-10' }),
          entry({ base: 1_000, glCode: 'GL-CONTRACT', documentDate: '2024-08-10', tds: 10 }),
          entry({ base: 5_000, glCode: 'GL-CONTRACT', documentDate: '2024-09-10', tds: 50 }),
        ],
      }),
    );
    // Aggregate reaches 1,00,000 in August: every entry is liable at 1%.
    expect(r.entries.map((e) => [e.liable, rupees(e.due), e.recognisedMonth])).toEqual([
      [true, 200, '2024-08'],
      [true, 250, '2024-08'],
      [true, 250, '2024-08'],
      [true, 290, '2024-08'],
      [true, 10, '2024-08'],
      [true, 50, '2024-09'],
    ]);
    expect(r.months.map((m) => [m.month, rupees(m.base), rupees(m.due)])).toEqual([
      ['2024-04', 20_000, 0],
      ['2024-05', 25_000, 0],
      ['2024-06', 25_000, 0],
      ['2024-07', 29_000, 0],
      ['2024-08', 1_000, 1_000],
      ['2024-09', 5_000, 50],
    ]);
    expect(r.entries.map((e) => e.status)).toEqual([
      'notDeducted',
      'notDeducted',
      'notDeducted',
      'notDeducted',
      'ok',
      'ok',
    ]);
  });

  it('applies a monthly threshold to the month as a whole (194I from FY 2025-26)', () => {
    const r = computePayable(
      payableInput({
        financialYear: '2025-26',
        entries: [
          entry({ base: 30_000, glCode: 'GL-RENT', documentDate: '2025-04-05' }),
          entry({ base: 20_000, glCode: 'GL-RENT', documentDate: '2025-04-25' }),
          entry({ base: 45_000, glCode: 'GL-RENT', documentDate: '2025-05-05' }),
        ],
      }),
    );
    expect(r.entries.map((e) => [e.status, rupees(e.due)])).toEqual([
      ['notDeducted', 3_000],
      ['notDeducted', 2_000],
      ['belowThreshold', 0],
    ]);
  });

  it('keys thresholds by PAN and section, so two vendor codes of one PAN add up', () => {
    const entries = only(
      payableInput({
        vendors: [
          vendor({ vendorCode: 'V1', pan: 'AAAPA1234A' }),
          vendor({ vendorCode: 'V1-B', pan: 'AAAPA1234A' }),
        ],
        entries: [entry({ base: 20_000, vendorCode: 'V1' }), entry({ base: 15_000, vendorCode: 'V1-B' })],
      }),
    );
    // 194J(b) annual Rs 30,000 in FY 2024-25: 35,000 together.
    expect(entries.map((e) => rupees(e.due))).toEqual([2_000, 1_500]);
  });

  it('taxes only the part of the year above Rs 50 lakh under 194Q', () => {
    const r = computePayable(
      payableInput({
        vendors: [vendor({ vendorCode: 'V1', pan: 'AAACA1234A' })],
        entries: [
          entry({ base: 40_00_000, glCode: 'GL-GOODS', documentDate: '2024-04-10' }),
          entry({ base: 30_00_000, glCode: 'GL-GOODS', documentDate: '2024-05-10' }),
          entry({ base: 10_00_000, glCode: 'GL-GOODS', documentDate: '2024-06-10' }),
        ],
      }),
    );
    // 0.1% of 20,00,000 then of 10,00,000.
    expect(r.entries.map((e) => [e.status, rupees(e.taxableBase), rupees(e.due)])).toEqual([
      ['belowThreshold', 0, 0],
      ['notDeducted', 20_00_000, 2_000],
      ['notDeducted', 10_00_000, 1_000],
    ]);
    expect(r.form3cd).toEqual([
      expect.objectContaining({ section: '194Q', payments: 80_00_000_00, taxable: 30_00_000_00 }),
    ]);
  });
});

describe('7.6 due and comparison', () => {
  it('rounds the due to the nearest rupee per entry and compares within Rs 1', () => {
    const entries = only(
      payableInput({
        entries: [
          entry({ base: 1_00_005, tds: 10_000 }), // 10,000.50 -> 10,001; 1 short: ok
          entry({ base: 1_00_004, tds: 9_000 }), // 10,000.40 -> 10,000: short
          entry({ base: 1_00_000, tds: 12_000 }), // excess
          entry({ base: 1_00_000 }), // not deducted
        ],
      }),
    );
    expect(entries.map((e) => [rupees(e.due), e.status])).toEqual([
      [10_001, 'ok'],
      [10_000, 'short'],
      [10_000, 'excess'],
      [10_000, 'notDeducted'],
    ]);
    expect(entries[1]!.reason).toMatch(/194J\(b\) from expense section mapping of the GL code GL-PROF/);
    expect(entries[1]!.reason).toMatch(/due ₹10,000\.00, deducted ₹9,000\.00/);
  });
});

describe('7.7 interest under 201(1A)', () => {
  it('charges 1% a month or part for late deduction and 1.5% for late deposit', () => {
    const [e] = only(
      payableInput({
        entries: [
          entry({
            base: 1_00_000,
            tds: 10_000,
            documentDate: '2024-06-15',
            deductionDate: '2024-08-02', // June, July, August: 3 months
            tdsDepositDate: '2024-10-01', // due 7 September; August to October: 3 months
          }),
        ],
      }),
    );
    expect(rupees(e!.interestLateDeduction)).toBe(300);
    expect(rupees(e!.interestLateDeposit)).toBe(450);
  });

  it('gives March deductions until 30 April', () => {
    const entries = only(
      payableInput({
        entries: [
          entry({
            base: 1_00_000,
            tds: 10_000,
            documentDate: '2025-03-10',
            deductionDate: '2025-03-10',
            tdsDepositDate: '2025-04-30',
          }),
          entry({
            base: 1_00_000,
            tds: 10_000,
            documentDate: '2025-03-10',
            deductionDate: '2025-03-10',
            tdsDepositDate: '2025-05-01',
          }),
        ],
      }),
    );
    expect(entries.map((e) => rupees(e.interestLateDeposit))).toEqual([0, 450]);
  });
});

describe('the 2025 Act', () => {
  it('reads payment codes as sections and gives documents from 1 April 2026 their code', () => {
    const entries = only(
      payableInput({
        financialYear: '2026-27',
        vendors: [
          vendor({ vendorCode: 'V1', pan: 'AAAPA1234A' }),
          vendor({ vendorCode: 'V2', pan: 'AAACB1234B' }),
        ],
        expenseSections: [glMapping('GL-PROF', '1027'), glMapping('GL-CONTRACT', '194C')],
        entries: [
          entry({ base: 60_000, documentDate: '2026-04-10' }),
          entry({ base: 40_000, glCode: 'GL-CONTRACT', documentDate: '2026-04-10' }),
          entry({ base: 40_000, glCode: 'GL-CONTRACT', vendorCode: 'V2', documentDate: '2026-04-10' }),
        ],
      }),
    );
    expect(entries.map((e) => [e.section, e.paymentCode, rupees(e.due)])).toEqual([
      ['194J(b)', '1027', 6_000],
      ['194C', '1023', 400],
      ['194C', '1024', 800],
    ]);
  });
});

describe('errors', () => {
  it('lists lines out of the year and unreadable lines as errors without stopping the rest', () => {
    const r = computePayable(
      payableInput({
        entries: [
          entry({ base: 50_000, documentDate: '2023-12-01' }),
          entry({ base: 0, readError: { code: 'INVALID_DATE', reason: 'Document Date could not be read.' } }),
          entry({ base: 50_000 }),
        ],
      }),
    );
    expect(r.entries.map((e) => [e.status, e.errorCode])).toEqual([
      ['error', 'OUT_OF_YEAR'],
      ['error', 'INVALID_DATE'],
      ['notDeducted', null],
    ]);
    expect(r.summary.errors).toBe(2);
  });
});
