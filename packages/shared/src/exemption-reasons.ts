// Why a vendor section mapping exempts a vendor from TDS, as Annexure 6 of the
// 26Q file format codes the reason for no deduction
// (https://docs.oracle.com/en/applications/jd-edwards/localizations/9.2/eoaid/reason-for-non-lower-deduction-udc-table-75i-nd.html):
// - B: the payee gave a declaration under section 197A (Form 15G, or 15H for
//   a senior citizen; Form 121 under the Income-tax Act 2025);
// - T: a transporter who owns ten or fewer goods carriages and gave its PAN
//   and a declaration saying so: no deduction under 194C(6);
// - Z: a payment to a person or institution notified under 197A(1F).
// The other reasons (A certificate, Y below threshold, C no PAN, S software)
// come from the 34A run itself, not from the masters.

export const EXEMPTION_REASONS = ['B', 'T', 'Z'] as const;
export type ExemptionReason = (typeof EXEMPTION_REASONS)[number];

export const EXEMPTION_REASON_LABELS: Record<ExemptionReason, string> = {
  B: 'declaration under section 197A (Form 15G/15H)',
  T: "transporter's declaration under 194C(6)",
  Z: 'payment notified under section 197A(1F)',
};

export const isExemptionReason = (value: unknown): value is ExemptionReason =>
  typeof value === 'string' && (EXEMPTION_REASONS as readonly string[]).includes(value);

// The sections a Form 15G/15H declaration covers: 197A(1) names 194 and
// 194EE (a resident individual), 197A(1A) names 192A, 193, 194A, 194D,
// 194DA, 194-I and 194K (a person other than a company or firm); the
// section's text as amended, https://caclubindia.com/articles/section-197a-no-tds-deduction-44173.asp.
export const DECLARATION_SECTIONS = [
  '192A',
  '193',
  '194',
  '194A',
  '194D',
  '194DA',
  '194EE',
  '194I',
  '194K',
] as const;

// A section as typed, without its sub-section: '194-I', '194I(a)', 'u/s 194C',
// '194I a' -> '194I', '194C'. A four-digit payment code of the 2025 Act is
// returned as it is (the caller that knows the codes maps them first).
export const sectionBase = (section: string): string => {
  let s = section.trim().replace(/^(?:u\/s|sec(?:tion)?\.?)\s*/i, '');
  const spaced = /^(\d{3}\s*-?\s*[A-Za-z]{0,3})\s+[a-z]$/.exec(s);
  if (spaced) s = spaced[1]!;
  return s
    .replace(/\(.*\)$/, '')
    .replace(/[\s\-.]/g, '')
    .toUpperCase();
};

// What is wrong with a reason on a mapping, or null: a reason only on an
// exempt mapping, T only under 194C, B only under a section a 15G/15H covers.
// Z may stand under any section (197A(1F) notifies payees, not sections).
export const exemptionReasonProblem = (
  reason: string | null | undefined,
  exempted: boolean,
  section: string,
): string | null => {
  if (reason === null || reason === undefined || reason === '') return null;
  if (!isExemptionReason(reason))
    return `"${reason}" is not a reason for exemption: B (15G/15H declaration), T (transporter, 194C(6)) or Z (notified under 197A(1F))`;
  if (!exempted) return `a reason for exemption (${reason}) needs TDS exempted`;
  const base = sectionBase(section);
  if (/^\d{4}$/.test(base)) return null;
  if (reason === 'T' && base !== '194C')
    return `T (${EXEMPTION_REASON_LABELS.T}) is for section 194C only, not ${section}`;
  if (reason === 'B' && !(DECLARATION_SECTIONS as readonly string[]).includes(base))
    return `B (${EXEMPTION_REASON_LABELS.B}) is for sections ${DECLARATION_SECTIONS.join(', ')} only, not ${section}`;
  return null;
};
