import { payableRoutes } from '@taxrecon/contracts';
import { call } from '../../../api/client.ts';

// Spec part 3 section 7 "Reports": what the result screen can request. A
// monthly report names a month; the others cover the year.
export type ReportKind =
  | 'monthly'
  | 'monthlyErrors'
  | 'vendorWise'
  | 'tds-payable-report'
  | 'tds-payable-report-details'
  | 'form3cd_annual_report'
  | 'form3cd_annual_detailed_report';

export const REPORT_KINDS: { value: ReportKind; label: string; monthly: boolean; errors: boolean }[] = [
  { value: 'form3cd_annual_report', label: 'Form 3CD 34(a) annual report', monthly: false, errors: false },
  {
    value: 'form3cd_annual_detailed_report',
    label: 'Form 3CD 34(a) detailed report',
    monthly: false,
    errors: false,
  },
  { value: 'tds-payable-report', label: 'TDS payable report', monthly: false, errors: false },
  { value: 'tds-payable-report-details', label: 'TDS payable report details', monthly: false, errors: false },
  { value: 'vendorWise', label: 'Vendor-wise summary', monthly: false, errors: false },
  { value: 'monthly', label: 'Monthly transactions', monthly: true, errors: false },
  { value: 'monthlyErrors', label: 'Monthly errors', monthly: true, errors: true },
];

export const defaultFileName = (kind: ReportKind, fy: string, month: string | null): string =>
  `${kind.replace(/-/g, '_')}_${month ?? fy}`;

export const requestReport = (kind: ReportKind, fy: string, month: string | null, fileName: string) => {
  const query = { fileName };
  switch (kind) {
    case 'monthly':
      return call(payableRoutes.monthlyReport, { params: { monthYear: month ?? '' }, query });
    case 'monthlyErrors':
      return call(payableRoutes.monthlyErrorReport, { params: { monthYear: month ?? '' }, query });
    case 'vendorWise':
      return call(payableRoutes.vendorWiseReport, { params: { year: fy }, query });
    default:
      return call(payableRoutes.miscPayableReport, { params: { year: fy, reportId: kind }, query });
  }
};
