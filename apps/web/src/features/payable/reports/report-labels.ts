import { PAYABLE_REPORT_JOB_TYPES } from '@taxrecon/contracts';

const LABELS: Record<string, string> = {
  [PAYABLE_REPORT_JOB_TYPES.monthly]: 'Monthly transactions',
  [PAYABLE_REPORT_JOB_TYPES.monthlyErrors]: 'Monthly errors',
  [PAYABLE_REPORT_JOB_TYPES.vendorWise]: 'Vendor-wise summary',
  [PAYABLE_REPORT_JOB_TYPES.payable]: 'TDS payable report',
  [PAYABLE_REPORT_JOB_TYPES.payableDetails]: 'TDS payable report details',
  [PAYABLE_REPORT_JOB_TYPES.form3cd]: 'Form 3CD 34(a) annual report',
  [PAYABLE_REPORT_JOB_TYPES.form3cdDetailed]: 'Form 3CD 34(a) detailed report',
};

// A report job's type as a finance user reads it; an unknown type shows as it came.
export const reportTypeLabel = (jobType: string): string => LABELS[jobType] ?? jobType;
