import type { AddRuleSetRequest } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import { checkRuleSet } from '../section-rules/rule-sets/rules.ts';
import { insertRuleSet } from '../section-rules/rule-sets/service.ts';

// Rule sets the demo's accounts team keeps for lines their ledger books
// without a section: courier bills that land in the miscellaneous GL, and
// legal retainers whatever their GL. The demo year has no such line (its
// miscellaneous lines are left unmapped on purpose, GL_UNMAPPED), so the 34A
// result is what it is without them; Rule Sets shows how a team writes them.
export const DEMO_RULE_SETS: readonly AddRuleSetRequest[] = [
  {
    ruleSetName: 'Courier booked to miscellaneous expenses',
    value: '194C',
    logicalOperator: 'AND',
    rules: [
      { fieldName: 'glCode', matchingOperator: '=', fieldValues: ['499900'] },
      {
        fieldName: 'documentDescription',
        matchingOperator: 'contains',
        fieldValues: ['courier', 'speed post'],
      },
    ],
  },
  {
    ruleSetName: 'Legal retainers',
    value: '194J(b)',
    logicalOperator: 'NOOPERATOR',
    rules: [{ fieldName: 'documentDescription', matchingOperator: 'contains', fieldValues: ['retainer'] }],
  },
];

export const loadDemoRuleSets = async (ctx: AppContext, owner: JobOwner & { entityId: string }) => {
  for (const body of DEMO_RULE_SETS) {
    const checked = checkRuleSet(body);
    if (!checked.ok) throw new Error(`demo rule set ${body.ruleSetName}: ${checked.message}`);
    await insertRuleSet(ctx.db, owner.entityId, owner.userId, checked.value);
  }
};
