import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RULE_INCOMPLETE, type RuleSetView, sectionRulesRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { emptyRule, fieldLabel, type RuleDraft, RuleRow, ruleComplete } from './RuleRow.tsx';

const routes = sectionRulesRoutes;
type RuleAnswer = { message: string; notice: string | null };

// The server's logical operators, in words: NOOPERATOR is the operator of a
// set of exactly one rule (nothing to join), spec part 3 section 6.
const OPERATOR_WORDS: Record<string, string> = {
  AND: 'AND (every rule holds)',
  OR: 'OR (any rule holds)',
  NOOPERATOR: 'Single rule (no AND/OR)',
};
const OPERATORS = Object.entries(OPERATOR_WORDS).map(([value, label]) => ({ value, label }));
const operatorWords = (op: string): string => OPERATOR_WORDS[op] ?? op;

// Rule sets (/transformation-rule): per section, named sets of rules over
// ledger fields joined by AND or OR (NOOPERATOR, 'single rule', for one); a line of
// a raw expense ledger takes the section of the first set that holds.
export function RuleSetsPage() {
  const queryClient = useQueryClient();
  const sections = useApiQuery(routes.sectionNatureOfPayment, {});
  const sets = useApiQuery(routes.allRuleSets, {});
  const [name, setName] = useState('');
  const [section, setSection] = useState<string | null>(null);
  const [operator, setOperator] = useState<string | null>('AND');
  const [rules, setRules] = useState<RuleDraft[]>([emptyRule()]);
  const [shown, setShown] = useState<string | null>(null);
  const [editing, setEditing] = useState<{
    set: RuleSetView;
    ruleId: string | null;
    rule: RuleDraft;
    operator: string;
  } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api', routes.allRuleSets.path] });
  const done = (answer: RuleAnswer) => {
    notifications.show({ color: 'green', message: answer.message });
    if (answer.notice)
      notifications.show({ color: 'blue', title: 'Logical operator changed', message: answer.notice });
    void refresh();
  };

  const create = useMutation({
    mutationFn: () =>
      call(routes.addRuleSet, {
        body: { ruleSetName: name, value: section, logicalOperator: operator, rules },
      }),
    onSuccess: (answer) => {
      done(answer);
      setName('');
      setRules([emptyRule()]);
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Error Creating RuleSets', message: errorMessage(e) }),
  });
  const update = useMutation({
    mutationFn: (e: NonNullable<typeof editing>) =>
      call(routes.updateRule, {
        body: {
          ...(e.ruleId ? { ruleId: e.ruleId } : { ruleSetId: e.set.ruleSetId }),
          ...e.rule,
          logicalOperator: e.operator,
        },
      }),
    onSuccess: (answer) => {
      done(answer);
      setEditing(null);
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Error Updating Rule', message: errorMessage(e) }),
  });
  const remove = useMutation({
    mutationFn: (ruleId: string) => call(routes.deleteRule, { params: { ruleId } }),
    onSuccess: done,
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Error Deleting Rule', message: errorMessage(e) }),
  });
  const removeSet = useMutation({
    mutationFn: (ruleSetId: string) => call(routes.deleteRuleSet, { params: { ruleSetId } }),
    onSuccess: done,
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Error Deleting Rule', message: errorMessage(e) }),
  });

  const submit = () => {
    if (!name.trim() || !section || !operator) {
      notifications.show({
        color: 'red',
        title: 'Error Creating RuleSets',
        message: 'Rule Set Name, Section and Logical Operator are required',
      });
      return;
    }
    if (rules.length === 0 || !rules.every(ruleComplete)) {
      notifications.show({ color: 'red', title: 'Error Creating RuleSets', message: RULE_INCOMPLETE });
      return;
    }
    create.mutate();
  };
  const confirm = (title: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: (
        <Text size="sm">The data deleted cannot be recovered. Do you want to permanently delete?</Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  const sectionOptions = (sections.data ?? []).map((s) => ({
    value: s.first,
    label: `${s.first} - ${s.second}${s.paymentCodes.length ? ` (2025 Act: ${s.paymentCodes.join('/')})` : ''}`,
  }));
  const list = (sets.data ?? []).filter((s) => !shown || s.value === shown);
  return (
    <Stack gap="md">
      <PageHeader
        title="Rule Sets"
        subtitle="Rules that give an expense its TDS section when the ledger carries none"
      />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Title order={4}>Create a rule set</Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Rule Set Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="ruleset-name"
            />
            <Select
              label="Section"
              required
              searchable
              w={320}
              data={sectionOptions}
              value={section}
              onChange={setSection}
              data-testid="ruleset-section"
            />
            <Select
              label="Logical Operator"
              required
              w={220}
              data={OPERATORS}
              value={operator}
              onChange={setOperator}
              data-testid="ruleset-operator"
            />
          </Group>
          {rules.map((r, i) => (
            <RuleRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id until saved
              key={i}
              index={i}
              rule={r}
              onChange={(next) => setRules(rules.map((x, j) => (j === i ? next : x)))}
              onRemove={rules.length > 1 ? () => setRules(rules.filter((_, j) => j !== i)) : undefined}
            />
          ))}
          {rules.length === 1 && operator !== 'NOOPERATOR' && (
            <Text size="xs" c="dimmed">
              With one rule the set is saved as a single rule (no AND/OR); add a rule to join them by{' '}
              {operator}.
            </Text>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setRules([...rules, emptyRule()])}
            >
              Add rule
            </Button>
            <Button onClick={submit} loading={create.isPending} data-testid="ruleset-create">
              Create Rule Set
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Title order={4}>Rule sets, in the order they are tried</Title>
        <Select
          placeholder="All sections"
          clearable
          searchable
          w={320}
          data={sectionOptions}
          value={shown}
          onChange={setShown}
        />
      </Group>
      {sets.isError && <QueryError error={sets.error} />}
      {list.length === 0 && !sets.isLoading && <Text c="dimmed">No Results Found</Text>}
      {list.map((set) => (
        <Paper key={set.ruleSetId} withBorder radius="md" p="md" data-testid="ruleset-card">
          <Group justify="space-between" mb="xs">
            <Group gap="xs">
              <Text fw={600}>{set.ruleSetName}</Text>
              <Badge variant="light" tt="none">
                {set.value}
              </Badge>
              <Badge variant="outline" color="gray" tt="none">
                {operatorWords(set.logicalOperator)}
              </Badge>
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setEditing({
                    set,
                    ruleId: null,
                    rule: emptyRule(),
                    operator:
                      set.rules.length >= 1
                        ? set.logicalOperator === 'NOOPERATOR'
                          ? 'AND'
                          : set.logicalOperator
                        : 'NOOPERATOR',
                  })
                }
              >
                Add rule
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() =>
                  confirm(`Delete rule set ${set.ruleSetName}?`, () => removeSet.mutate(set.ruleSetId))
                }
              >
                Delete set
              </Button>
            </Group>
          </Group>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field Name</Table.Th>
                <Table.Th>Source Field Name</Table.Th>
                <Table.Th>Matching Operator</Table.Th>
                <Table.Th>Field Value</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {set.rules.map((r) => (
                <Table.Tr key={r.ruleId}>
                  <Table.Td>{fieldLabel(r.fieldName)}</Table.Td>
                  <Table.Td>{r.SourceFieldName ?? ''}</Table.Td>
                  <Table.Td>{r.matchingOperator}</Table.Td>
                  <Table.Td>{r.fieldValues.join(', ')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label="Edit rule"
                        onClick={() =>
                          setEditing({
                            set,
                            ruleId: r.ruleId,
                            operator: set.logicalOperator,
                            rule: {
                              fieldName: r.fieldName,
                              SourceFieldName: r.SourceFieldName ?? '',
                              matchingOperator: r.matchingOperator,
                              fieldValues: r.fieldValues,
                            },
                          })
                        }
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Delete rule"
                        onClick={() => confirm('Delete this rule?', () => remove.mutate(r.ruleId))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.ruleId ? 'Edit rule' : 'Add rule'}
        size="xl"
      >
        {editing && (
          <Stack>
            <RuleRow index={0} rule={editing.rule} onChange={(rule) => setEditing({ ...editing, rule })} />
            <Select
              label="Logical Operator of the set"
              w={220}
              data={OPERATORS}
              value={editing.operator}
              onChange={(v) => setEditing({ ...editing, operator: v ?? editing.operator })}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button
                loading={update.isPending}
                onClick={() =>
                  ruleComplete(editing.rule)
                    ? update.mutate(editing)
                    : notifications.show({
                        color: 'red',
                        title: 'Error Updating Rule',
                        message: RULE_INCOMPLETE,
                      })
                }
              >
                Save
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
