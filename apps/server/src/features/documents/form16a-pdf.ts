import {
  type FinancialYear,
  financialYearStart,
  formatIndianRupees,
  paise,
  sumPaise,
} from '@taxrecon/shared';
import PDFDocument from 'pdfkit';

export type Quarter = 'Q1' | 'Q2' | 'Q3' | 'Q4';

export interface Form16aPayment {
  amountPaise: number;
  // section code, e.g. '194C'
  section: string;
  // yyyy-mm-dd
  date: string;
}

export interface Form16aCertificate {
  certificateNumber: string;
  deductorName: string;
  deductorAddress: string;
  deducteeName: string;
  deducteeAddress: string;
  // 'PANNOTAVBL' for a deductor without a PAN (government offices), as TRACES prints it
  deductorPan: string;
  deductorTan: string;
  deducteePan: string;
  financialYear: FinancialYear;
  quarter: Quarter;
  payments: Form16aPayment[];
  taxDeductedPaise: number;
  receiptNumber: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// 'dd-Mon-yyyy', the way TRACES prints the period of a certificate
const tracesDate = (iso: string): string =>
  `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1] ?? ''}-${iso.slice(0, 4)}`;

export const quarterPeriod = (fy: FinancialYear, quarter: Quarter): { from: string; to: string } => {
  const start = financialYearStart(fy);
  const periods: Record<Quarter, { from: string; to: string }> = {
    Q1: { from: `${start}-04-01`, to: `${start}-06-30` },
    Q2: { from: `${start}-07-01`, to: `${start}-09-30` },
    Q3: { from: `${start}-10-01`, to: `${start}-12-31` },
    Q4: { from: `${start + 1}-01-01`, to: `${start + 1}-03-31` },
  };
  return periods[quarter];
};

const rs = (p: number): string => `Rs. ${formatIndianRupees(p)}`;

// Draws a certificate in the layout of a TRACES Form 16A (headings, the
// deductor / deductee block, the identifier row, assessment year and period,
// the summary of payment and the summary of tax deducted), so tests and the
// demo company exercise the reader on the text a real download carries.
export const drawForm16a = (cert: Form16aCertificate): Promise<Buffer> => {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    info: { Title: `Form 16A ${cert.certificateNumber}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const start = financialYearStart(cert.financialYear);
  const period = quarterPeriod(cert.financialYear, cert.quarter);
  const paid = sumPaise(cert.payments.map((p) => paise(p.amountPaise)));
  const row = (y: number, cells: [number, string][], size = 8) => {
    doc.fontSize(size);
    for (const [x, text] of cells) doc.text(text, x, y, { width: 160, lineBreak: false });
  };

  doc.font('Helvetica-Bold').fontSize(14).text('FORM NO. 16A', 36, 40, { align: 'center' });
  doc.font('Helvetica').fontSize(8).text('[See rule 31(1)(b)]', { align: 'center' });
  doc
    .fontSize(9)
    .text('Certificate under section 203 of the Income-tax Act, 1961 for tax deducted at source', {
      align: 'center',
    });
  row(100, [
    [40, `Certificate No. ${cert.certificateNumber}`],
    [360, `Last updated on ${tracesDate(`${start + 1}-05-15`)}`],
  ]);
  row(120, [
    [40, 'Name and address of the deductor'],
    [300, 'Name and address of the deductee'],
  ]);
  row(132, [
    [40, cert.deductorName],
    [300, cert.deducteeName],
  ]);
  row(144, [
    [40, cert.deductorAddress],
    [300, cert.deducteeAddress],
  ]);
  row(170, [
    [40, 'PAN of the deductor'],
    [200, 'TAN of the deductor'],
    [360, 'PAN of the deductee'],
  ]);
  row(182, [
    [40, cert.deductorPan],
    [200, cert.deductorTan],
    [360, cert.deducteePan],
  ]);
  row(206, [
    [40, 'CIT (TDS)'],
    [200, 'Assessment Year'],
    [360, 'Period'],
  ]);
  row(218, [
    [40, 'The Commissioner of Income Tax (TDS)'],
    [200, `${start + 1}-${String((start + 2) % 100).padStart(2, '0')}`],
    [360, `From ${tracesDate(period.from)} To ${tracesDate(period.to)}`],
  ]);

  doc.font('Helvetica-Bold');
  row(250, [[40, 'Summary of payment']], 9);
  doc.font('Helvetica');
  row(266, [
    [40, 'Sl. No.'],
    [90, 'Amount paid/credited'],
    [230, 'Nature of payment'],
    [360, 'Date of payment/credit (dd/mm/yyyy)'],
  ]);
  let y = 280;
  cert.payments.forEach((p, i) => {
    row(y, [
      [40, String(i + 1)],
      [90, rs(p.amountPaise)],
      [230, p.section],
      [360, `${p.date.slice(8, 10)}/${p.date.slice(5, 7)}/${p.date.slice(0, 4)}`],
    ]);
    y += 12;
  });
  row(y, [
    [40, 'Total (Rs.)'],
    [90, rs(paid)],
  ]);

  y += 30;
  doc.font('Helvetica-Bold');
  row(y, [[40, 'Summary of tax deducted at source in respect of deductee']], 9);
  doc.font('Helvetica');
  y += 16;
  row(y, [
    [40, 'Quarter'],
    [90, 'Receipt Numbers of original quarterly statements of TDS'],
    [260, 'Amount of tax deducted in respect of deductee'],
    [400, 'Amount of tax deposited / remitted in respect of deductee'],
  ]);
  y += 14;
  row(y, [
    [40, cert.quarter],
    [90, cert.receiptNumber],
    [260, rs(cert.taxDeductedPaise)],
    [400, rs(cert.taxDeductedPaise)],
  ]);
  y += 12;
  row(y, [
    [40, 'Total (Rs.)'],
    [260, rs(cert.taxDeductedPaise)],
    [400, rs(cert.taxDeductedPaise)],
  ]);
  y += 40;
  doc
    .fontSize(8)
    .text(
      `Certified that a sum of ${rs(cert.taxDeductedPaise)} has been deducted and deposited to the credit of the Central Government.`,
      40,
      y,
      { width: 500 },
    );
  doc.end();
  return done;
};
