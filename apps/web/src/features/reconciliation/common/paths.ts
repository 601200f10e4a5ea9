import type { ReconKind } from '@taxrecon/contracts';

const query = (values: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) search.set(key, value);
  return search.toString();
};

export const newReconPath = (kind: ReconKind, year?: string): string =>
  `/new-${kind.toLowerCase()}-reconciliation${year ? `?${query({ year })}` : ''}`;

export const jobListPath = (kind: ReconKind): string => `/view-${kind.toLowerCase()}-reconciliation`;

export const resultPath = (kind: ReconKind, jobId: string): string =>
  `/${kind.toLowerCase()}-job?${query({ jobId })}`;

// Spec 2: the TDS screen's query carries jobId, financialYear and tanNumber; TCS year.
export const discrepancyPath = (kind: ReconKind, jobId: string | undefined, year: string, tan: string) =>
  kind === 'TDS'
    ? `/tds-discrepancies?${query({ jobId, financialYear: year, tanNumber: tan })}`
    : `/tcs-job/discrepancies?${query({ year, tanNumber: tan, jobId })}`;

export const printPath = (kind: ReconKind, jobId: string | undefined, year: string, tan: string) =>
  `/${kind.toLowerCase()}-printable-view?${query({ year, tanNumber: tan, jobId })}`;

export const smartFiltersPath = (jobId: string) => `/tds-job/smart-filters?&filter=NA&jobId=${jobId}`;
export const bulkFollowUpPath = (jobId: string) => `/bulk-follow-up?jobId=${jobId}`;

// Screens the spec opens "in a new window" (explore, bulk follow-up) open in a
// new tab of the same browser window: a link with target _blank, as a person's
// middle-click would, never window.open with features (a bare popup window).
export const openInNewWindow = (path: string): void => {
  const link = document.createElement('a');
  link.href = `${window.location.pathname}#${path}`;
  link.target = '_blank';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
};
