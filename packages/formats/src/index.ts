// Public API of @taxrecon/formats: parsers and writers of the files users
// bring. Everything returns problems as values (FileIssue) and never throws on bad data.

export { type FileIssue, formatIssue } from './errors.ts';
export { Form26asByteCutter, type Form26asRange } from './form-26as/byte-cut.ts';
export {
  cut26asText,
  type Form26asChunk,
  mergeChunks as merge26asChunks,
  parse26asChunk,
} from './form-26as/chunks.ts';
export {
  type DeductorDiff,
  type DiffKind,
  type DiffResult,
  diff26as,
  type StatementDiff,
  type TransactionDiff,
} from './form-26as/diff.ts';
export {
  diffOtherParts,
  type OtherPartRow,
  type OtherRowDiff,
  otherPartRows,
} from './form-26as/other-parts-diff.ts';
export {
  FORM26AS_CSV_COLUMNS,
  FORM26AS_JSON_VERSION,
  type Form26asFlatTransaction,
  type Form26asTaxType,
  forEach26asEntry,
  form26asToCsv,
  form26asToJson,
  form26asTransactions,
} from './form-26as/output.ts';
export { parse26asLines, parse26asStream, parse26asText } from './form-26as/parse.ts';
export { Form26asParser, type Form26asTransactionSink } from './form-26as/parser.ts';
export { type RawPart, type RawPartEvent, readRawParts, splitRawParts } from './form-26as/raw-parts.ts';
export {
  openTracesZip,
  type TracesZipErrorCode,
  type TracesZipFile,
  type TracesZipResult,
  writeEncryptedZip,
} from './form-26as/traces-zip.ts';
export type {
  Form26asHeader,
  Form26asLayout,
  Form26asOtherPart,
  Form26asPart,
  Form26asParty,
  Form26asResult,
  Form26asTransaction,
} from './form-26as/types.ts';
export * from './form-26as/write.ts';
export {
  CUSTOMER_MAPPING_FIELDS,
  type CustomerMappingRow,
  customerMappingTemplate,
  readCustomerMapping,
  writeCustomerMapping,
} from './masters/customer-mapping.ts';
export {
  CUSTOMER_MASTER_COLUMNS,
  type CustomerMasterRecord,
  type CustomerMasterRow,
  customerMasterTemplate,
  readCustomerMaster,
  writeCustomerMaster,
} from './masters/customer-master.ts';
export type { RecordReadResult } from './masters/record-file.ts';
export {
  AADHAAR_PAN_LINK,
  readVendorBulkUpdate,
  readVendorMaster,
  VENDOR_MASTER_COLUMNS,
  VENDOR_TYPES,
  type VendorMasterRecord,
  type VendorMasterRow,
  type VendorUpdateRow,
  vendorMasterTemplate,
  writeVendorMaster,
} from './masters/vendor-master.ts';
export { LEDGER_FIELDS, type LedgerFieldKey } from './payable/ledger-fields.ts';
export {
  LDC_COLUMNS,
  type LdcRecordRow,
  readLdcCertificates,
  readTanItrReport,
  readVendorPayments,
  TAN_ITR_COLUMNS,
  type TanItrRecordRow,
  VENDOR_PAYMENT_COLUMNS,
  type VendorPaymentRecordRow,
} from './payable/payable-data-files.ts';
export {
  CUSTOM_RULE_COLUMNS,
  EXPENSE_SECTION_COLUMNS,
  PAYABLE_VENDOR_COLUMNS,
  readCustomRules,
  readExpenseSections,
  readPayableVendors,
  readSectionTypes,
  readVendorSections,
  SECTION_TYPE_COLUMNS,
  VENDOR_SECTION_COLUMNS,
} from './payable/reference-files.ts';
export {
  DelimitedTokenizer,
  isBlankRecord,
  parseDelimited,
  type RawRecord,
  readDelimitedStream,
  recordCuts,
  sniffDelimiter,
} from './registers/delimited.ts';
export {
  type FieldMatch,
  guessMapping,
  headerList,
  headerSimilarity,
  MAX_GUESSED_COLUMNS,
  type Mapping,
  mappingByHeaderName,
} from './registers/guess-mapping.ts';
export {
  createRowMapper,
  isTotalRow,
  type MapRowsResult,
  mapPurchaseRows,
  mapRows,
  mapSalesRows,
  type RowMapping,
} from './registers/map-rows.ts';
export {
  formatOfFile,
  type ReadTableOptions,
  readTable,
  streamTable,
  streamXlsxTable,
  type TableFormat,
  type TableRead,
  type TableStream,
  tableFromRecords,
} from './registers/read-table.ts';
export {
  type FieldKey,
  type FieldKind,
  PURCHASE_FIELDS,
  type PurchaseField,
  type PurchaseRow,
  type RowOf,
  SALES_FIELDS,
  type SalesField,
  type SalesRow,
  type TargetField,
} from './registers/targets.ts';
export {
  annexureSectionCode,
  type Fvu26qAddress,
  type Fvu26qChallan,
  type Fvu26qDeductee,
  type Fvu26qGovernment,
  type Fvu26qReturn,
  formNumberOf,
  isNilChallan,
  NO_DEDUCTION_REMARKS,
  nilChallan,
  quarterEndOf,
  returnSectionCode,
  write26qFvu,
} from './returns/fvu-26q.ts';
export { type Fvu26qReadResult, read26qFvu } from './returns/fvu-26q-read.ts';
export {
  AMOUNT_EXPECTED,
  type AmountResult,
  parseAmount,
  parseRate,
  RATE_EXPECTED,
} from './values/amounts.ts';
export {
  BAD_CHARACTER,
  badCharacterAt,
  badCharacterInRecord,
  badCharacterIssue,
  holdsNoBadCharacter,
} from './values/bad-characters.ts';
export { DATE_EXPECTED, type DateResult, excelSerialToIso, parseDate } from './values/dates.ts';
export {
  type DecodedText,
  decodeText,
  type TextEncodingName,
  Utf8Lines,
  utf8Text,
} from './values/text-decoding.ts';
export {
  readZipEntryCapped,
  ZIP_LIMITS,
  ZIP_TOO_LARGE,
  ZipLimitError,
  type ZipLimits,
  zipBytesRefusal,
  zipEntriesRefusal,
  zipEntryRefusal,
} from './zip/zip-limits.ts';
