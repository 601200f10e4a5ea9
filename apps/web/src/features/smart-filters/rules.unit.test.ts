import type { SmartFilter } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import {
  BULK_ACTION_OPTIONS,
  canBulkUpdate,
  canFilter,
  canSelectAll,
  conditionError,
  initialRows,
  preselected,
  runsImmediately,
  termsOf,
} from './rules.ts';

const filter: SmartFilter = {
  id: 'booksMoreThan26AS',
  name: 'Mismatched Entries (Books > 26AS) [Customer/ Vendor wise]',
  description: '',
  conditions: [
    {
      fieldName: 'Difference',
      dbColumnName: 'difference',
      dataType: 'number',
      allowedOperators: ['>', 'between'],
      readOnly: false,
      fixedValue: null,
    },
    {
      fieldName: 'Customer name',
      dbColumnName: 'customerName',
      dataType: 'string',
      allowedOperators: ['in', 'not in'],
      readOnly: false,
      fixedValue: null,
    },
  ],
};

describe('smart filter rules', () => {
  it('caps select all at 50 entries', () => {
    expect(canSelectAll(50)).toBe(true);
    expect(canSelectAll(51)).toBe(false);
  });

  it('sends only ticked rows with values, strings upper-cased into an in-list', () => {
    const rows = initialRows(filter);
    expect(canFilter(rows)).toBe(false);
    rows[1] = { ...rows[1]!, value: ' acme , beta ltd,', ticked: true };
    rows[0] = { ...rows[0]!, value: '10', ticked: false };
    expect(canFilter(rows)).toBe(true);
    expect(termsOf(rows)).toEqual([
      { field: 'customerName', operator: 'in', value: 'ACME,BETA LTD', sort: 'No Sort' },
    ]);
  });

  it('wants two numbers for between', () => {
    const row = { ...initialRows(filter)[0]!, operator: 'between' as const, ticked: true };
    expect(conditionError({ ...row, value: '10' })).toMatch(/two values/);
    expect(conditionError({ ...row, value: '10,x' })).toMatch(/number/);
    expect(conditionError({ ...row, value: '10, 20' })).toBeNull();
    expect(canFilter([{ ...row, value: '10' }])).toBe(false);
  });

  it('enables bulk update once a 26AS action is chosen and one of the two does something', () => {
    expect(canBulkUpdate(1, 'Accept', null)).toBe(false);
    expect(canBulkUpdate(1, 'Do Nothing', 'Do Nothing')).toBe(false);
    expect(canBulkUpdate(1, 'Do Nothing', 'Hold')).toBe(true);
    expect(canBulkUpdate(0, 'Accept', 'Hold')).toBe(false);
  });

  it('labels the follow-up action Follow up and still sends FollowUp', () => {
    expect(BULK_ACTION_OPTIONS).toEqual([
      { value: 'Accept', label: 'Accept' },
      { value: 'Hold', label: 'Hold' },
      { value: 'FollowUp', label: 'Follow up' },
      { value: 'Do Nothing', label: 'Do Nothing' },
    ]);
  });

  it('preselects the filter the URL names and runs read-only filters at once', () => {
    expect(preselected([filter], 'NA')).toBeNull();
    expect(preselected([filter], filter.name)).toBe(filter);
    expect(runsImmediately(filter)).toBe(false);
    expect(runsImmediately({ ...filter, conditions: [{ ...filter.conditions[0]!, readOnly: true }] })).toBe(
      true,
    );
  });
});
