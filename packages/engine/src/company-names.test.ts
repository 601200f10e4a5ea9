import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCompanyNames, readCompanyName, resolveCompanyName } from './company-names.ts';

const same = (a: string, b: string) => compareCompanyNames(readCompanyName(a), readCompanyName(b));

describe('company name equivalence', () => {
  it.each([
    ['Aarohan Fintech Pvt Ltd', 'AAROHAN FINTECH PRIVATE LIMITED'],
    ['Aarohan Fintech P. Ltd.', 'AAROHAN FINTECH PRIVATE LIMITED'],
    ['Aarohan Fintech (P) Ltd', 'AAROHAN FINTECH PRIVATE LIMITED'],
    ['Aarohan Fintech Pvt.Ltd.', 'AAROHAN FINTECH PRIVATE LIMITED'],
    ['Bharat Agro Processing Ltd', 'BHARAT AGRO PROCESSING LIMITED'],
    ['Elphinstone Capital Advisors L.L.P.', 'ELPHINSTONE CAPITAL ADVISORS LLP'],
    ['Metro Cables & Wires Ltd', 'METRO CABLES AND WIRES LIMITED'],
    ['metro   cables, wires ltd', 'METRO CABLES AND WIRES LIMITED'],
    ['Western Ghats Coffee Co Ltd', 'WESTERN GHATS COFFEE COMPANY LIMITED'],
    ['Processing Agro Bharat Ltd', 'BHARAT AGRO PROCESSING LIMITED'],
    ['Harbour-Line Shipping Pvt Ltd', 'HARBOURLINE SHIPPING PRIVATE LIMITED'],
    ['M/s. Konkan Engg Works Pvt Ltd', 'KONKAN ENGINEERING WORKS PRIVATE LIMITED'],
    ['Sagar Mktg & Svcs Pvt Ltd', 'SAGAR MARKETING AND SERVICES PRIVATE LIMITED'],
    ['Kumar Bros', 'KUMAR BROTHERS'],
    ['Water Resources Dept', 'WATER RESOURCES DEPARTMENT'],
  ])('"%s" is the same company as "%s"', (a, b) => {
    expect(same(a, b)).toBe('same');
  });

  it('accepts a book name without its legal form, marked as such', () => {
    expect(same('Aarohan Fintech', 'AAROHAN FINTECH PRIVATE LIMITED')).toBe('same-without-form');
  });

  it.each([
    ['Aarohan Fintech Pvt Ltd', 'AAROHAN FINTECH LIMITED', 'another legal form'],
    ['Aarohan Fintech Pvt Ltd', 'AAROHAN FINTECH LLP', 'an LLP'],
    ['Pinacle Edu-Tech Pvt Ltd', 'PINNACLE EDUTECH PRIVATE LIMITED', 'a misspelling'],
    ['Gamma Constructions', 'GAMMA CONTRACTING COMPANY', 'a similar word'],
    ['Bharat Agro Ltd', 'BHARAT AGRO PROCESSING LIMITED', 'a missing word'],
    ['Alpha Traders', 'ALPHA TRADING', 'another word ending'],
  ])('"%s" is not "%s" (%s)', (a, b) => {
    expect(same(a, b)).toBe('different');
  });
});

const DEDUCTORS = [
  { target: 'MUMA00001A', name: 'AAROHAN FINTECH PRIVATE LIMITED' },
  { target: 'MUMA00002A', name: 'AAROHAN FINTECH LIMITED' },
  { target: 'PNEB00003B', name: 'BHARAT AGRO PROCESSING LIMITED' },
  { target: 'NSKS00004S', name: 'SHREE GANESH ENTERPRISES' },
  { target: 'IDRS00005S', name: 'SHREE GANESH ENTERPRISES' },
  { target: 'DELP00006P', name: 'PINNACLE EDUTECH PRIVATE LIMITED' },
  { target: 'HYDO00007O', name: 'ORION BIOSCIENCES LIMITED' },
  { target: 'HYDO00007O', name: 'ORION BIO SCIENCES LIMITED' },
];

describe('resolving a book name against 26AS deductors', () => {
  it.each([
    ['Aarohan Fintech Pvt. Ltd.', 'MUMA00001A'],
    ['Bharat Agro Processing', 'PNEB00003B'],
    ['Orion Biosciences Ltd', 'HYDO00007O'],
  ])('links "%s" to %s', (name, tan) => {
    expect(resolveCompanyName(name, DEDUCTORS)).toMatchObject({ kind: 'linked', target: tan });
  });

  it('prefers the deductor with the same legal form over one with another', () => {
    expect(resolveCompanyName('Aarohan Fintech Ltd', DEDUCTORS)).toMatchObject({
      kind: 'linked',
      target: 'MUMA00002A',
      exactForm: true,
    });
  });

  it.each([
    ['Shree Ganesh Enterprises', ['IDRS00005S', 'NSKS00004S']],
    ['Aarohan Fintech', ['MUMA00001A', 'MUMA00002A']],
  ])('refuses to choose for "%s" between %j', (name, tans) => {
    const r = resolveCompanyName(name, DEDUCTORS);
    expect(r.kind).toBe('tie');
    expect(r.kind === 'tie' && r.candidates.map((c) => c.target).sort()).toEqual(tans);
  });

  it('lists a close name as a near miss, not a link', () => {
    const r = resolveCompanyName('Pinacle Edu-Tech Pvt. Ltd.', DEDUCTORS);
    expect(r).toMatchObject({ kind: 'near-miss', candidates: [{ target: 'DELP00006P' }] });
  });

  it('finds nothing for an unrelated name', () => {
    expect(resolveCompanyName('Omega Traders', DEDUCTORS)).toEqual({ kind: 'none' });
  });

  it('does not depend on the order of the deductors', () => {
    const names = fc.constantFrom(
      'Aarohan Fintech Pvt Ltd',
      'Aarohan Fintech',
      'Shree Ganesh Enterprises',
      'Pinacle Edutech Pvt Ltd',
      'Orion Bio-Sciences Ltd',
      'Bharat Agro Processing Ltd',
      'Unknown Name',
    );
    fc.assert(
      fc.property(names, fc.shuffledSubarray(DEDUCTORS, { minLength: 0 }), (name, subset) => {
        const reversed = [...subset].reverse();
        expect(resolveCompanyName(name, reversed)).toEqual(resolveCompanyName(name, subset));
      }),
    );
  });
});
