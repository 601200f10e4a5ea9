// Field positions of the 26Q text file the government's File Validation
// Utility (FVU) takes, one record per line, fields separated by '^'.
//
// Source (shared/reference/tds-payable-sources.md section 4): Protean's
// "File Format for Correction in Non-Salary TDS Statement - Form 26Q" general
// notes (ASCII, CR LF, upper case, '^' delimited, amounts with 2 decimals,
// rates with 4, dates ddmmyyyy, no trailer); the Oracle JD Edwards pages on
// the 26Q file header, challan and deductee records; and a public design note
// reading Protean's "Form Number 140 (26Q) Version 1.0" spreadsheet (FH 18,
// BH 72, CD 30, DD 45 fields; its worked CD line is our golden CD shape).
// Positions that note gives are marked "(140)"; the others are our reading of
// the older layout and are marked "(chosen)": the FVU is the judge, so a
// filer runs it on this file with the bank's .csi challan file.

export const FIELD_COUNTS = { FH: 18, BH: 72, CD: 30, DD: 45 } as const;
export type RecordType = keyof typeof FIELD_COUNTS;

// 1-based positions, as the specifications number them.
export const FH = {
  line: 1,
  type: 2,
  fileType: 3, // NS1: non-salary
  uploadType: 4, // R: regular
  createdOn: 5,
  sequence: 6,
  uploaderType: 7, // D: deductor
  tan: 8,
  batches: 9,
  software: 10,
} as const;

export const BH = {
  line: 1,
  type: 2,
  batch: 3,
  challans: 4,
  form: 5,
  tan: 13,
  pan: 15, // PANNOTREQD for a deductor not required to have one (government)
  assessmentYear: 16, // (140)
  financialYear: 17, // (140)
  quarter: 18, // (140)
  name: 19,
  branch: 20,
  address1: 21,
  address2: 22,
  address3: 23,
  address4: 24,
  address5: 25,
  state: 26,
  pin: 27,
  email: 28,
  std: 29,
  phone: 30,
  addressChanged: 31,
  deductorType: 32, // Annexure 4 (@taxrecon/shared deductor-types.ts)
  responsibleName: 33,
  responsibleDesignation: 34,
  responsibleAddress1: 35,
  responsibleAddress2: 36,
  responsibleAddress3: 37,
  responsibleAddress4: 38,
  responsibleAddress5: 39,
  responsibleState: 40,
  responsiblePin: 41,
  responsibleEmail: 42,
  responsibleMobile: 43,
  responsibleStd: 44,
  responsiblePhone: 45,
  responsibleAddressChanged: 46,
  depositTotal: 47, // (140)
  aoApproval: 51, // (chosen) N
  // The government deductor's fields of the 26Q batch header (Annexure 4
  // types A, S, D, E, G, H, L, N; "for other deductor type no value should be
  // provided"). Positions of 26Q v7.x (FY up to 2025-26), as two generators
  // number them: EY's TDS returns FilingFileGenerationService ("// 54 State
  // Name" ... "// 68 Account Office Identification Number (AIN)"), and a 24Q
  // generator carrying the spec's own notes, whose cross-references ("field
  // no.62", "field no.65") fix the numbering. docs/decisions.md session 40.
  // Form 140 (Tax Year 2026-27) is not known to keep them: written for 26Q only.
  stateName: 54, // Annexure 5 state code; state government types S, E, H, N
  paoCode: 55,
  ddoCode: 56,
  ministry: 57, // Annexure 3 code; 99 other
  ministryOther: 58, // the ministry's name when the code is 99
  responsiblePan: 59, // 26Q v7.x (EY) and Form 140 (the ZeroBook note: "59 PAN of Responsible Person")
  paoRegistration: 60,
  ddoRegistration: 61,
  ain: 68, // Account Office Identification Number of the PAO / TO / CDDO
} as const;

export const CD = {
  line: 1,
  type: 2,
  batch: 3,
  record: 4, // (140)
  deductees: 5, // (140)
  nil: 6, // (140) Y on the nil challan: nothing deposited, rows with Annexure 6's reason
  tax: 8, // (140)
  interest: 9, // (140)
  fee: 10, // (140)
  penalty: 11, // (140)
  total: 12, // (140)
  mode: 13, // (140) C: challan; blank on the nil challan (chosen: no bank challan)
  bsr: 15, // (140)
  serial: 17, // (140) five digits
  date: 19, // (140)
  depositedAsPerDeductees: 21, // (140)
  deductedAsPerDeductees: 22, // (140)
  minorHead: 23, // (140)
  surcharge: 24, // (chosen)
  cess: 25, // (chosen)
  others: 26, // (chosen)
} as const;

export const DD = {
  line: 1,
  type: 2,
  batch: 3,
  record: 4, // (140) deductee record no
  challan: 5, // (140) the CD record it is paid through
  mode: 6, // (140) O: original
  pan: 8, // (140)
  name: 9, // (140)
  deducteeCode: 10, // (chosen) 01 company, 02 others
  section: 15, // (140)
  depositedFlag: 18, // (140) Y
  paidOn: 19, // (140)
  amountPaid: 20, // (140)
  deducted: 24, // (140)
  deposited: 25, // (140)
  deductedOn: 27, // (140) blank when nothing was deducted (chosen)
  rate: 28, // (140) four decimals
  remark: 32, // (140) Annexure 6 reason for lower or no deduction (NO_DEDUCTION_REMARKS)
  certificate: 33, // (chosen) the section 197 certificate's number, with remark A
} as const;
