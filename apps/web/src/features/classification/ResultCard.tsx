import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ClassificationResult } from '@taxrecon/contracts';
import { DataGrid } from '../../components/DataGrid.tsx';
import { CurrentTerms } from './CurrentTerms.tsx';
import { formatPercentValue } from './percent.ts';
import { SECTION_TYPE_COLUMNS } from './section-type-columns.tsx';

// One predicted section: the section, the model's confidence, and the section
// expense types of that section with their rates and thresholds.
export function ResultCard({ result, rank }: { result: ClassificationResult; rank: number }) {
  const section = result.doc.section;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="classification-result">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {rank === 0 ? 'Most likely section' : `Alternative ${rank}`}
            </Text>
            <Title order={3} data-testid="classification-section">
              {section}
            </Title>
          </Stack>
          <Stack gap={4} align="flex-end" miw={220}>
            <Badge
              size="lg"
              variant="light"
              tt="none"
              color={result.score >= 70 ? 'teal' : result.score >= 40 ? 'yellow' : 'orange'}
              data-testid="classification-score"
            >
              Score {formatPercentValue(result.score)}
            </Badge>
            <Progress value={result.score} w={220} aria-label={`Score ${result.score}%`} />
          </Stack>
        </Group>
        <CurrentTerms types={result.sectionExpenseTypes} testId={`section-terms-${rank}`} />
        <Text size="xs" c="dimmed" mt="xs">
          Section expense types of {section}, every period
        </Text>
        <DataGrid
          records={result.sectionExpenseTypes}
          columns={SECTION_TYPE_COLUMNS}
          idAccessor={(t) =>
            t.sectionexpensetypeid ??
            `${t.sectionNumber}${t.subSection ?? ''}-${t.expenseType ?? ''}-${t.applicableFromDate}`
          }
          pageSize={10}
          exportName={`section-expense-types-${section.replace(/[()]/g, '')}`}
          noRecordsText={`No section expense types are set up for ${section}`}
          initialSort={{ accessor: 'applicableFromDate', direction: 'desc' }}
          testId={`section-types-${rank}`}
        />
      </Stack>
    </Paper>
  );
}
