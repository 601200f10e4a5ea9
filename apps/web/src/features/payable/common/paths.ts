// The hash routes of the 34A screens (packages/contracts/src/screens.ts).
const query = (values: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) search.set(key, value);
  return search.toString();
};

export const NEW_PAYABLE_PATH = '/new-34a-reconciliation';
export const PAYABLE_JOBS_PATH = '/view-34a-reconciliation';
export const PAYABLE_REPORTS_PATH = '/tds-payable-reports';
export const PAYABLE_ERROR_REPORTS_PATH = '/tds-payable-error-reports';
export const ANNUAL_OUTPUT_PATH = '/view-34a-output-annual';

export const newPayablePath = (fy?: string): string =>
  fy ? `${NEW_PAYABLE_PATH}?${query({ fy })}` : NEW_PAYABLE_PATH;

export const payableResultPath = (jobId: string, tab?: string): string =>
  `/tds-payable-job?${query({ jobId, tab })}`;

export interface SummaryKey {
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: string;
}

// Spec part 3 section 2: the explore screen's query names one monthly summary row.
export const explorePath = (key: SummaryKey): string =>
  `/tds-payable/explore?${query({
    monthYear: key.monthYear,
    section: key.section,
    subsection: key.subsection,
    deducteeType: key.deducteeType,
  })}`;

// Opened in a new window, as the spec's monthly summary rows do.
export const openInNewWindow = (path: string): void => {
  window.open(`${window.location.pathname}#${path}`, '_blank', 'noopener');
};
