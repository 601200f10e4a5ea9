import { describe, expect, it } from 'vitest';
import { panelState } from './dashboard-state.ts';

describe('a dashboard panel', () => {
  it('shows loading, not "no reconciliation has run", before the answer comes', () => {
    expect(panelState({ data: undefined, isError: false }, true)).toBe('loading');
  });

  it('shows the failure when the dashboard could not be fetched', () => {
    expect(panelState({ data: undefined, isError: true }, true)).toBe('error');
  });

  it('is empty only when the answer holds nothing', () => {
    expect(panelState({ data: { monthly: {} }, isError: false }, true)).toBe('empty');
    expect(panelState({ data: { monthly: { '2024-04': 3 } }, isError: false }, false)).toBe('ready');
  });

  it('keeps an answer already shown when a refetch fails', () => {
    expect(panelState({ data: { monthly: { '2024-04': 3 } }, isError: true }, false)).toBe('ready');
  });
});
