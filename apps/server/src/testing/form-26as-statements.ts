import {
  emptyPartsAfterTcs,
  emptyPartsBeforeTcs,
  NO_TRANSACTIONS,
  PART_HEADINGS,
  type StatementParty,
  write26asText,
} from '@taxrecon/formats';

// Real Form 26AS text statements for the utilities' tests, written with the
// formats package's writer: the header, PART-I with the given deductors, the
// empty parts II-V, an empty PART-VI and the empty parts after it.

export const STATEMENT_PAN = 'AAACU1234K';

export const BASE_PARTIES: StatementParty[] = [
  {
    name: 'ALPHA CUSTOMER LIMITED',
    tan: 'PNEA00001A',
    transactions: [
      {
        section: '194J',
        date: '2024-04-15',
        status: 'F',
        bookingDate: '2024-07-28',
        remarks: null,
        amount: 15_000_000,
        tax: 1_500_000,
        deposited: 1_500_000,
      },
      {
        section: '194J',
        date: '2025-03-31',
        status: 'U',
        bookingDate: null,
        remarks: null,
        amount: 10_000_000,
        tax: 1_000_000,
        deposited: 1_000_000,
      },
    ],
  },
  {
    name: 'GAMMA CONTRACTING CO',
    tan: 'DELG00003C',
    transactions: [
      {
        section: '194C',
        date: '2024-10-05',
        status: 'F',
        bookingDate: '2025-01-30',
        remarks: null,
        amount: 4_000_000,
        tax: 80_000,
        deposited: 80_000,
      },
    ],
  },
];

export const statementText = (
  parties: readonly StatementParty[] = BASE_PARTIES,
  pan = STATEMENT_PAN,
): string => {
  const partOne = write26asText(
    {
      fileCreationDate: '2025-06-12',
      pan,
      financialYearStart: 2024,
      name: 'UMA TRADERS PRIVATE LIMITED',
      address: ['1 SAMPLE ROAD', '', '', 'PUNE', 'PUNE'],
      state: 'MAHARASHTRA',
      pin: '411001',
    },
    'TDS',
    parties,
  );
  const rest = [...emptyPartsBeforeTcs(), PART_HEADINGS.VI, NO_TRANSACTIONS, ...emptyPartsAfterTcs()];
  return `${partOne}${rest.join('\r\n')}\r\n`;
};

// The same statement a month later: ALPHA's March credit is now final and its
// tax lower, GAMMA's credit is gone and a new deductor appears.
export const laterParties = (): StatementParty[] => [
  {
    ...BASE_PARTIES[0]!,
    transactions: [
      BASE_PARTIES[0]!.transactions[0]!,
      { ...BASE_PARTIES[0]!.transactions[1]!, status: 'F', bookingDate: '2025-05-15', tax: 900_000 },
    ],
  },
  {
    name: 'NEW DEDUCTOR LTD',
    tan: 'DELN09999Z',
    transactions: [
      {
        section: '194Q',
        date: '2025-03-01',
        status: 'F',
        bookingDate: '2025-05-15',
        remarks: null,
        amount: 1_000_000,
        tax: 1_000,
        deposited: 1_000,
      },
    ],
  },
];
