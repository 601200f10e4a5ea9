import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifyWarning } from '../features/reconciliation/common/notify.ts';
import { clearPageNotices } from './page-notices.ts';

describe('page notices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hides the warnings of the page left, and only those', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const hide = vi.spyOn(notifications, 'hide').mockImplementation(() => '');
    notifyWarning('No data for FY 2024 - 2025', 'Miscellaneous Reports');
    notifyError(new Error('boom'), 'Could not load');
    const warningId = show.mock.calls[0]?.[0].id;
    expect(warningId).toBeTruthy();

    clearPageNotices();
    expect(hide.mock.calls.map((c) => c[0])).toEqual([warningId]);

    // cleared once: a later change of page hides nothing more
    clearPageNotices();
    expect(hide).toHaveBeenCalledTimes(1);
  });
});
