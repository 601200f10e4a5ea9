import type { AddRuleSetRequest, RuleSetView, UpdateRuleRequest } from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type Caller, currentEntity } from '../../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../../platform/http/errors.ts';
import { conflictOn } from '../../master-data/shared.ts';
import {
  type CheckedRule,
  type CheckedRuleSet,
  checkOperator,
  checkRule,
  checkRuleSet,
  type LogicalOperator,
  operatorFor,
} from './rules.ts';

export const RULE_SET_CREATED = 'RuleSet Created';
export const RULE_UPDATED = 'Rule Updated Successfully';
export const RULE_DELETED = 'Rule Deleted Successfully';
export const RULE_SET_DELETED = 'Rule Set Deleted Successfully';

type Db = Kysely<DB> | Transaction<DB>;

export interface StoredRuleSet {
  id: string;
  name: string;
  section: string;
  logicalOperator: LogicalOperator;
  rules: (CheckedRule & { id: string })[];
}

// The entity's rule sets in the order they are tried (oldest first), with
// their rules in position order. The 34A job and the raw transform read these.
export const loadRuleSets = async (db: Db, entityId: string, only?: { id?: string; section?: string }) => {
  let q = db
    .selectFrom('rule_sets')
    .select(['id', 'name', 'section', 'logical_operator'])
    .where('entity_id', '=', entityId);
  if (only?.id) q = q.where('id', '=', only.id);
  if (only?.section) q = q.where('section', '=', only.section);
  const sets = await q.orderBy('created_at').orderBy('id').execute();
  if (sets.length === 0) return [];
  const rules = await db
    .selectFrom('rule_set_rules')
    .selectAll()
    .where(
      'rule_set_id',
      'in',
      sets.map((s) => s.id),
    )
    .orderBy('position')
    .execute();
  return sets.map(
    (s): StoredRuleSet => ({
      id: s.id,
      name: s.name,
      section: s.section,
      logicalOperator: s.logical_operator,
      rules: rules
        .filter((r) => r.rule_set_id === s.id)
        .map((r) => ({
          id: r.id,
          fieldName: r.field_name as CheckedRule['fieldName'],
          sourceFieldName: r.source_field_name,
          matchingOperator: r.matching_operator,
          fieldValues: r.field_values,
        })),
    }),
  );
};

export const viewOf = (s: StoredRuleSet): RuleSetView => ({
  ruleSetId: s.id,
  ruleSetName: s.name,
  value: s.section,
  logicalOperator: s.logicalOperator,
  rules: s.rules.map((r) => ({
    ruleId: r.id,
    ruleSetId: s.id,
    ruleSetName: s.name,
    logicOperator: s.logicalOperator,
    fieldName: r.fieldName,
    SourceFieldName: r.sourceFieldName,
    matchingOperator: r.matchingOperator,
    fieldValues: r.fieldValues,
  })),
});

const ruleValues = (ruleSetId: string, position: number, r: CheckedRule) => ({
  rule_set_id: ruleSetId,
  position,
  field_name: r.fieldName,
  source_field_name: r.sourceFieldName,
  matching_operator: r.matchingOperator,
  field_values: r.fieldValues,
});

// A checked rule set and its rules, in one transaction; the id of the set.
// Its name is unique in the entity (rule_sets_entity_id_name_key).
export const insertRuleSet = (db: Kysely<DB>, entityId: string, userId: string | null, set: CheckedRuleSet) =>
  db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('rule_sets')
      .values({
        entity_id: entityId,
        name: set.name,
        section: set.section,
        logical_operator: set.logicalOperator,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('rule_set_rules')
      .values(set.rules.map((r, i) => ruleValues(row.id, i + 1, r)))
      .execute();
    return row.id;
  });

const refuse = (message: string): never => {
  throw badRequest(message, 'INVALID_RULE');
};

export const ruleSetService = (ctx: AppContext) => {
  const one = async (db: Db, entityId: string, id: string) => {
    const [set] = await loadRuleSets(db, entityId, { id });
    return set ?? null;
  };

  const add = async (caller: Caller, body: AddRuleSetRequest) => {
    const entityId = await currentEntity(ctx, caller);
    const checked = checkRuleSet(body);
    if (!checked.ok) return refuse(checked.message);
    const set = checked.value;
    const id = await insertRuleSet(ctx.db, entityId, caller.userId, set).catch(
      conflictOn('rule_sets_entity_id_name_key', `A rule set named ${set.name} already exists.`),
    );
    const stored = await one(ctx.db, entityId, id);
    return { message: RULE_SET_CREATED, ruleSet: stored && viewOf(stored), notice: checked.notice };
  };

  const ofSection = async (caller: Caller, section: string) => {
    const entityId = await currentEntity(ctx, caller);
    const canonical = normaliseSection(section);
    if (!canonical)
      throw badRequest(`${section} is not a TDS section (e.g. 194C, 194J(b))`, 'INVALID_SECTION');
    return (await loadRuleSets(ctx.db, entityId, { section: canonical })).map(viewOf);
  };

  const all = async (caller: Caller) =>
    (await loadRuleSets(ctx.db, await currentEntity(ctx, caller))).map(viewOf);

  const setOfRule = async (db: Db, entityId: string, ruleId: string) => {
    const row = await db
      .selectFrom('rule_set_rules as r')
      .innerJoin('rule_sets as s', 's.id', 'r.rule_set_id')
      .select('s.id')
      .where('r.id', '=', ruleId)
      .where('s.entity_id', '=', entityId)
      .executeTakeFirst();
    return row ? one(db, entityId, row.id) : null;
  };

  // Changes one rule (ruleId) or adds one to a set (ruleSetId); the set's
  // operator follows its rule count (operatorFor).
  const updateRule = async (caller: Caller, body: UpdateRuleRequest) => {
    const entityId = await currentEntity(ctx, caller);
    const rule = checkRule(body);
    if (!rule.ok) return refuse(rule.message);
    let wanted: LogicalOperator | null = null;
    if (body.logicalOperator) {
      const op = checkOperator(body.logicalOperator);
      if (!op.ok) return refuse(op.message);
      wanted = op.value;
    }
    const result = await ctx.db.transaction().execute(async (trx) => {
      const set = body.ruleId
        ? await setOfRule(trx, entityId, body.ruleId)
        : body.ruleSetId
          ? await one(trx, entityId, body.ruleSetId)
          : refuse('Name the rule to change (ruleId) or the rule set to add it to (ruleSetId).');
      if (!set) throw notFound(body.ruleId ? 'Rule not found' : 'Rule set not found');
      const count = body.ruleId ? set.rules.length : set.rules.length + 1;
      const op = operatorFor(wanted ?? set.logicalOperator, count, set.name);
      if (!op.ok) return refuse(op.message);
      if (body.ruleId) {
        const { rule_set_id: _set, position: _position, ...changes } = ruleValues(set.id, 0, rule.value);
        await trx.updateTable('rule_set_rules').set(changes).where('id', '=', body.ruleId).execute();
      } else {
        const last = set.rules.length;
        await trx
          .insertInto('rule_set_rules')
          .values(ruleValues(set.id, last + 1, rule.value))
          .execute();
      }
      await trx
        .updateTable('rule_sets')
        .set({ logical_operator: op.value, updated_at: new Date() })
        .where('id', '=', set.id)
        .execute();
      return { id: set.id, notice: op.notice };
    });
    const stored = await one(ctx.db, entityId, result.id);
    return { message: RULE_UPDATED, ruleSet: stored && viewOf(stored), notice: result.notice };
  };

  // Deleting a rule that leaves one makes the set NOOPERATOR; deleting the
  // last rule deletes the set (a set needs at least one rule).
  const deleteRule = async (caller: Caller, ruleId: string) => {
    const entityId = await currentEntity(ctx, caller);
    const result = await ctx.db.transaction().execute(async (trx) => {
      const set = await setOfRule(trx, entityId, ruleId);
      if (!set) throw notFound('Rule not found');
      await trx.deleteFrom('rule_set_rules').where('id', '=', ruleId).execute();
      const left = set.rules.length - 1;
      if (left === 0) {
        await trx.deleteFrom('rule_sets').where('id', '=', set.id).execute();
        return { id: null, notice: `Rule set ${set.name} had no rule left and was deleted.` };
      }
      const op = operatorFor(set.logicalOperator, left, set.name);
      if (!op.ok) throw new HttpError(500, 'RULE_SET_STATE', op.message);
      await trx
        .updateTable('rule_sets')
        .set({ logical_operator: op.value, updated_at: new Date() })
        .where('id', '=', set.id)
        .execute();
      return { id: set.id, notice: op.notice };
    });
    const stored = result.id ? await one(ctx.db, entityId, result.id) : null;
    return { message: RULE_DELETED, ruleSet: stored && viewOf(stored), notice: result.notice };
  };

  const deleteRuleSet = async (caller: Caller, ruleSetId: string) => {
    const entityId = await currentEntity(ctx, caller);
    const gone = await ctx.db
      .deleteFrom('rule_sets')
      .where('id', '=', ruleSetId)
      .where('entity_id', '=', entityId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw notFound('Rule set not found');
    return { message: RULE_SET_DELETED, ruleSet: null, notice: null };
  };

  return { add, ofSection, all, updateRule, deleteRule, deleteRuleSet };
};
