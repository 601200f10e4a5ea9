import type { DemoCompany, DemoFile } from './generate.ts';

// A late file of March bills keyed by hand, each line with a mistake the
// purchase register's validation rejects, so Jobs with Invalid Data (and the
// reports dashboard's card) opens with an upload and its error report, as it
// would after a person's first careless upload. Every line is rejected, so
// the demo's purchases and their control totals are those of the register.
export const DEMO_REJECTED_FILE = 'purchase-register-2024-25-march-additions.txt';

// the Tally header lines of the demo's purchase register, up to its column header
const headerOf = (register: string): string[] => {
  const lines = register.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Date\t'));
  if (at < 0) throw new Error('the demo purchase register has no column header');
  return lines.slice(0, at + 1);
};

export const demoRejectedBills = (demo: DemoCompany): DemoFile => {
  const register = demo.files.find((f) => f.kind === 'purchase-register');
  if (!register) throw new Error('the demo has no purchase register');
  // Date, Particulars, Supplier Invoice No., GSTIN/UIN, PAN No., TAN No., Purchase
  // Accounts, Input CGST, Input SGST, Input IGST, Rounded Off, Gross Total, TCS Rate,
  // TCS on Purchase, TCS Section
  const rows = [
    // a date that does not exist
    [
      '31-Feb-2025',
      'Kohinoor Pantry Supplies',
      'KPS/24-25/0981',
      '',
      '',
      '',
      '12,400.00',
      '310.00',
      '310.00',
      '',
      '',
      '13,020.00',
      '',
      '',
      '',
    ],
    // a letter O keyed for a zero
    [
      '14-Mar-2025',
      'Shakti Office Furniture',
      'SOF/24-25/0377',
      '',
      '',
      '',
      '1,2O,000.00',
      '',
      '',
      '',
      '',
      '1,41,600.00',
      '',
      '',
      '',
    ],
    // no date at all
    [
      '',
      'Prism Electronics Ltd',
      'PEL/24-25/0355',
      '',
      '',
      '',
      '48,250.00',
      '',
      '',
      '8,685.00',
      '',
      '56,935.00',
      '',
      '',
      '',
    ],
  ];
  return {
    kind: 'purchase-register',
    fileName: DEMO_REJECTED_FILE,
    content: `${[...headerOf(register.content), ...rows.map((r) => r.join('\t'))].join('\n')}\n`,
  };
};
