import { Stack, Text } from '@mantine/core';
import type { FileProblem } from '@taxrecon/contracts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';

const columns: GridColumn<FileProblem & { severity: string }>[] = [
  { accessor: 'severity', title: 'Kind', value: (p) => p.severity },
  { accessor: 'file', title: 'File', value: (p) => p.file },
  { accessor: 'line', title: 'Line', value: (p) => p.line, textAlign: 'right' },
  { accessor: 'column', title: 'Column', value: (p) => p.column ?? '' },
  { accessor: 'value', title: 'Value', value: (p) => p.value ?? '' },
  { accessor: 'expected', title: 'Expected', value: (p) => p.expected },
  { accessor: 'message', title: 'Problem', value: (p) => p.message },
];

// The bad lines (and warnings) an upload answered, line by line.
export function ProblemsTable({
  problems,
  warnings,
  testId,
}: {
  problems: readonly FileProblem[];
  warnings: readonly FileProblem[];
  testId: string;
}) {
  const rows = [
    ...problems.map((p) => ({ ...p, severity: 'Error' })),
    ...warnings.map((p) => ({ ...p, severity: 'Warning' })),
  ];
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Problems in the file ({rows.length}
        {rows.length >= 200 ? ' or more' : ''})
      </Text>
      <DataGrid
        records={rows}
        columns={columns}
        idAccessor={(p) => `${p.severity}:${p.file}:${p.line}:${p.column ?? ''}:${p.message}`}
        pageSize={10}
        exportName="upload-problems"
        testId={testId}
      />
    </Stack>
  );
}
