import type { DashboardRaw } from '@taxrecon/contracts';

// The dashboard query as its panels read it.
export interface DashboardQuery {
  data: DashboardRaw | undefined;
  isError: boolean;
}

// What a dashboard panel shows while its one query runs: a panel never says
// "nothing has run" before the answer has come, and says why when it failed.
export type PanelState = 'loading' | 'error' | 'empty' | 'ready';

export const panelState = (query: { data: unknown; isError: boolean }, isEmpty: boolean): PanelState => {
  // an answer already shown stays shown when a refetch fails; the page's alert says so
  if (query.data === undefined) return query.isError ? 'error' : 'loading';
  return isEmpty ? 'empty' : 'ready';
};
