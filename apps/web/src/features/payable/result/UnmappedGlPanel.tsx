import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBulb } from '@tabler/icons-react';
import { payableGlSuggestionRoutes, type UnmappedGlCode } from '@taxrecon/contracts';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { inr } from '../common/money.ts';
import { notifyError, notifySuccess } from '../common/notify.ts';

// GL codes of the year that have no section, with the section the entity's
// expense classifier suggests from their narration. Nothing is applied until
// the user confirms a suggestion, which maps the code for the next 34A run.
export function UnmappedGlPanel({ fy }: { fy: string }) {
  const answer = useApiQuery(payableGlSuggestionRoutes.payableUnmappedGl, { params: { fy } });
  const [saving, setSaving] = useState<string | null>(null);
  const codes = answer.data?.codes ?? [];
  if (codes.length === 0) return null;

  const confirm = (code: UnmappedGlCode, section: string) =>
    modals.openConfirmModal({
      title: `Map GL code ${code.glCode} to ${section}?`,
      children: (
        <Text size="sm">
          Its {code.entries} entries ({inr(code.base)}) get section {section} from the next 34A run of the
          year. The mapping can be changed later under Search Expense Section Mapping.
        </Text>
      ),
      labels: { confirm: 'YES', cancel: 'CANCEL' },
      onConfirm: async () => {
        setSaving(code.glCode);
        try {
          const done = await call(payableGlSuggestionRoutes.confirmGlSection, {
            params: { fy },
            body: { glCode: code.glCode, section },
          });
          notifySuccess(done.message, 'Mapping saved');
        } catch (error) {
          notifyError(error, 'Failed to update due to error');
        } finally {
          setSaving(null);
        }
      },
    });

  return (
    <Paper withBorder p="md" data-testid="unmapped-gl-panel">
      <Stack gap="xs">
        <Group gap="xs">
          <IconBulb size={18} />
          <Title order={5}>GL codes without a section</Title>
        </Group>
        {!answer.data?.modelExists && (
          <Alert color="gray" variant="light">
            Train the expense classifier (AI Engine, Expenses Training) to get a suggested section for each
            code.
          </Alert>
        )}
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>GL code</Table.Th>
              <Table.Th>Narration</Table.Th>
              <Table.Th ta="right">Entries</Table.Th>
              <Table.Th ta="right">Base amount</Table.Th>
              <Table.Th>Suggested section</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map((c) => (
              <Table.Tr key={c.glCode} data-testid={`unmapped-gl-${c.glCode}`}>
                <Table.Td>{c.glCode}</Table.Td>
                <Table.Td>{c.description ?? '-'}</Table.Td>
                <Table.Td ta="right">{c.entries}</Table.Td>
                <Table.Td ta="right">{inr(c.base)}</Table.Td>
                <Table.Td>
                  {c.suggestion ? (
                    <Badge variant="light">
                      {c.suggestion.section} · {Math.round(c.suggestion.score)}%
                    </Badge>
                  ) : (
                    <Text size="sm" c="dimmed">
                      none
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {c.suggestion && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={saving === c.glCode}
                      onClick={() => confirm(c, c.suggestion?.section ?? '')}
                    >
                      Use {c.suggestion.section}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
