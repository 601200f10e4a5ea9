import { describe, expect, it } from 'vitest';
import { CUSTOM_RULE_ROWS, initialRuleRows, ruleRowError, rulesToSend } from './custom-rules.ts';

describe('custom calculation grid of the 34A submit screen', () => {
  it('starts with 100 rows, the first ALL, ALL, ALL, N', () => {
    const rows = initialRuleRows();
    expect(rows).toHaveLength(CUSTOM_RULE_ROWS);
    expect(rows[0]).toEqual({ glCode: 'ALL', section: 'ALL', vendorCode: 'ALL', forceApplyTds: 'N' });
    expect(rulesToSend(rows)).toEqual([
      { glCode: 'ALL', section: 'ALL', vendorCode: 'ALL', forceApplyTds: 'N' },
    ]);
  });

  it('sends only rows whose force column is filled, blanks meaning ALL', () => {
    const rows = initialRuleRows();
    rows[0] = { ...rows[0]!, forceApplyTds: '' };
    rows[3] = { glCode: '420100', section: '194c', vendorCode: '', forceApplyTds: 'Y' };
    rows[4] = { glCode: '999', section: '194J', vendorCode: 'V1', forceApplyTds: '' };
    expect(rulesToSend(rows)).toEqual([
      { glCode: '420100', section: '194C', vendorCode: 'ALL', forceApplyTds: 'Y' },
    ]);
  });

  it('asks for a section when a row forces TDS on', () => {
    expect(ruleRowError({ glCode: '1', section: '', vendorCode: '', forceApplyTds: 'Y' })).toMatch(/section/);
    expect(ruleRowError({ glCode: '1', section: '', vendorCode: '', forceApplyTds: 'N' })).toBeUndefined();
  });
});
