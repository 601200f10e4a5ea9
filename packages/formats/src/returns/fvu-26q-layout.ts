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
//
// The file header and batch header are one layout for both forms. The
// challan (CD) and deductee (DD) records are not: a statement for FY 2025-26
// or before (form number 26Q, file format 7.x, FVU 9.x) has the old CD of 41
// fields and DD of 48; Form 140 (Tax Year 2026-27 on) has 30 and 45. The 26Q
// positions are EY's TDS returns generator's (FilingChallanDetailBean and
// FilingDeducteeDetailBean, each numbering its fields in toString), checked
// against a 24Q generator that carries the spec's notes on each challan
// field; docs/decisions.md "26Q challan and deductee records ... (session 40)".

export type FormNumber = '26Q' | '140';
export const FIELD_COUNTS = {
  '26Q': { FH: 18, BH: 72, CD: 41, DD: 48 },
  '140': { FH: 18, BH: 72, CD: 30, DD: 45 },
} as const satisfies Record<FormNumber, Record<string, number>>;
export type RecordType = keyof (typeof FIELD_COUNTS)['26Q'];

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

// Form 140's challan record (Tax Year 2026-27 on).
export const CD_140 = {
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

// Form 140's deductee record.
export const DD_140 = {
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

// The 26Q challan / transfer voucher record (FY up to 2025-26), 41 fields, as
// EY's FilingChallanDetailBean.toString numbers them ("// 1" ... "// 41
// challanHash"); the spec's notes on each field as a 24Q generator quotes
// them. Fields not listed stay empty: 7 challan updation indicator, 8-10 and
// 19-20 fillers, 11, 13, 15, 17 and 28 "Last ... (Used for Verification)"
// (correction statements only), 21 section ("No value to be provided for the
// statements from FY 2013-14 onwards"), 36 cheque / DD number (the same), 38
// remarks ("No value should be specified"), 41 record hash.
export const CD_26Q = {
  line: 1,
  type: 2,
  batch: 3,
  record: 4, // Challan-Detail Record Number
  deductees: 5, // Count of Deductee / Party Records
  nil: 6, // NIL Challan Indicator: N, or Y where no tax was deposited
  serial: 12, // Bank Challan No: none on a nil challan or a transfer voucher
  ddoSerial: 14, // DDO serial no of Form 24G: book entry only, five digits
  bsr: 16, // Bank-Branch Code / Form 24G Receipt Number: BSR, or the AO's seven-digit receipt no
  date: 18, // Date of Bank Challan / Transfer Voucher; the nil challan: the quarter's last day
  tax: 22, // Oltas TDS / TCS - Income Tax
  surcharge: 23, // Oltas TDS / TCS - Surcharge
  cess: 24, // Oltas TDS / TCS - Cess
  interest: 25, // Oltas TDS / TCS - Interest Amount
  others: 26, // Oltas TDS / TCS - Others (amount); no penalty field: the penalty is in it
  total: 27, // Total of Deposit Amount as per Challan / Transfer Voucher (22 + 23 + 24 + 25 + 39 + 26)
  depositedAsPerDeductees: 29, // Total Tax Deposit Amount as per deductee annexure (sum of DD 19)
  incomeTaxAsPerDeductees: 30, // TDS / TCS - Income Tax (sum of DD 14)
  surchargeAsPerDeductees: 31, // TDS / TCS - Surcharge (sum of DD 15)
  cessAsPerDeductees: 32, // TDS / TCS - Cess (sum of DD 16)
  deductedAsPerDeductees: 33, // Sum of Total Income Tax Deducted at Source (sum of DD 17)
  interestAsPerDeductees: 34, // TDS / TCS - Interest Amount: "as provided in field no. 25"
  othersAsPerDeductees: 35, // TDS / TCS - Others (amount): "as provided in field no. 26"
  bookEntry: 37, // By Book entry / Cash: Y for a transfer voucher, N for a bank challan, none on a nil one
  fee: 39, // Fee (section 234E)
  minorHead: 40, // Minor Head of Challan: 200 / 400; none on a nil challan or a transfer voucher
} as const;

// The 26Q deductee record (FY up to 2025-26), 48 fields, as EY's
// FilingDeducteeDetailBean.toString numbers them for form 26Q. Fields not
// listed stay empty: 7 deductee serial no, 9, 11, 18 and 20 "Last ..." (used
// for verification), 12 PAN reference no, 21 total value of purchase, 25 date
// of deposit, 27 grossing up indicator, 28 book entry / cash indicator, 29
// date of furnishing the certificate, 31-32 remarks 2 and 3 (future use),
// 35-42 fillers (27Q's fields), 43 excess of section 194N, 44-47 fillers, 48
// record hash.
export const DD_26Q = {
  line: 1,
  type: 2,
  batch: 3,
  challan: 4, // Challan-Detail Record Number it is paid through
  record: 5, // Deductee / Party Detail Record No
  mode: 6, // O
  deducteeCode: 8, // 01 company, 02 others
  pan: 10,
  name: 13,
  incomeTax: 14, // TDS - Income Tax for the period
  surcharge: 15, // TDS - Surcharge for the period
  cess: 16, // TDS - Cess
  deducted: 17, // Total Income Tax Deducted at Source (14 + 15 + 16)
  deposited: 19, // Total Tax Deposited
  amountPaid: 22, // Amount of Payment / Credit
  paidOn: 23, // Date on which Amount paid / Credited
  deductedOn: 24, // Date on which tax Deducted: none when nothing was deducted
  rate: 26, // Rate at which Tax Deducted, four decimals
  remark: 30, // Remarks 1: Annexure 6 reason for non-deduction / lower deduction
  section: 33, // Section Code under which payment made (Annexure 2)
  certificate: 34, // Certificate number issued by the Assessing Officer u/s 197
} as const;

// The challan and deductee positions of a return, by its form number.
export const LAYOUTS = {
  '26Q': { CD: CD_26Q, DD: DD_26Q },
  '140': { CD: CD_140, DD: DD_140 },
} as const;
