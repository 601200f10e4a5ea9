import type { Paise } from '@taxrecon/shared';
import type { Holder } from './identifiers.ts';

// The demo company's expense books (expenses.ts): its GL codes with their
// sections and narrations, its expense vendors and the ledger lines they are
// paid by.

export const DEMO_DEDUCTOR_TAN = 'BLRZ03704C';

export interface Gl {
  code: string;
  description: string;
  section: string | null;
  narration: string[];
}

export const GLS: Gl[] = [
  {
    code: '410100',
    description: 'Professional fees',
    section: '194J(b)',
    narration: ['professional fees', 'legal fees', 'audit fees', 'consultancy charges'],
  },
  {
    code: '410200',
    description: 'Technical services',
    section: '194J(a)',
    narration: ['technical support services', 'software maintenance services'],
  },
  {
    code: '420100',
    description: 'Freight and transport',
    section: '194C',
    narration: ['freight inward', 'transportation charges', 'courier charges'],
  },
  {
    code: '420200',
    description: 'Housekeeping and security',
    section: '194C',
    narration: ['housekeeping contract', 'security services'],
  },
  {
    code: '430100',
    description: 'Sales commission',
    section: '194H',
    narration: ['commission on sales', 'dealer commission'],
  },
  {
    code: '440100',
    description: 'Office rent',
    section: '194I(b)',
    narration: ['office rent', 'warehouse rent'],
  },
  {
    code: '440200',
    description: 'Equipment hire',
    section: '194I(a)',
    narration: ['equipment hire charges', 'generator hire'],
  },
  {
    code: '460100',
    description: 'Interest on inter-corporate deposits',
    section: '194A',
    narration: ['interest on ICD'],
  },
  {
    code: '470100',
    description: 'Business promotion',
    section: '194R',
    narration: ['gifts to dealers', 'dealer meet perquisites'],
  },
  // Booked by the accounts team but never mapped to a section: GL_UNMAPPED.
  {
    code: '499900',
    description: 'Miscellaneous expenses',
    section: null,
    narration: ['sundry expenses', 'miscellaneous charges'],
  },
];

export type Case = 'normal' | 'short' | 'crossing' | 'no-pan' | 'ldc' | 'exempt';

export interface ExpenseVendor {
  code: string;
  name: string;
  holder: Holder;
  pan: string | null;
  gl: Gl;
  case: Case;
  bills: number;
  typical: number; // rupees
}

export interface LedgerLine {
  documentNumber: string;
  documentDate: string;
  postingDate: string;
  deductionDate: string;
  tdsDepositDate: string | null;
  glCode: string;
  description: string;
  base: Paise;
  tds: Paise;
  vendorCode: string;
}
