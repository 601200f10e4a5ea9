import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBulb } from '@tabler/icons-react';
import { payableGlSuggestionRoutes, type UnmappedGlCode } from '@taxrecon/contracts';
import { paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { useState } from 'react';
import { call } from '../../../api/client.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { actionsColumn, DataGrid, type GridColumn } from '../../../components/DataGrid.tsx';
import { formatCount } from '../../../lib/format.ts';
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

  const columns: GridColumn<UnmappedGlCode>[] = [
    { accessor: 'glCode', title: 'GL code', value: (c) => c.glCode },
    { accessor: 'description', title: 'Narration', value: (c) => c.description ?? '-' },
    {
      accessor: 'entries',
      title: 'Entries',
      value: (c) => c.entries,
      render: (c) => formatCount(c.entries),
      textAlign: 'right',
    },
    {
      accessor: 'base',
      title: 'Base amount',
      value: (c) => rupeesNumber(paiseOrZero(c.base)),
      render: (c) => inr(c.base),
      textAlign: 'right',
    },
    {
      accessor: 'suggestion',
      title: 'Suggested section',
      value: (c) => c.suggestion?.section ?? '',
      render: (c) =>
        c.suggestion ? (
          <Badge variant="light">
            {c.suggestion.section} · {Math.round(c.suggestion.score)}%
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            none
          </Text>
        ),
    },
    actionsColumn((c) =>
      c.suggestion ? (
        <Button
          size="xs"
          variant="light"
          loading={saving === c.glCode}
          onClick={() => confirm(c, c.suggestion?.section ?? '')}
          data-testid={`unmapped-gl-${c.glCode}`}
        >
          Use {c.suggestion.section}
        </Button>
      ) : null,
    ),
  ];

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
        <DataGrid
          records={codes}
          columns={columns}
          idAccessor={(c) => c.glCode}
          exportName={`gl-codes-without-a-section-${fy}`}
          testId="unmapped-gl-grid"
        />
      </Stack>
    </Paper>
  );
}
