import { Box, Center, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { type ReconKind, reconciliationRoutes, WORD_CLOUD_LIMIT } from '@taxrecon/contracts';
import { useMemo } from 'react';
import { useApiQuery } from '../../../api/hooks.ts';
import { QueryError } from '../../../components/QueryError.tsx';
import { inr } from '../common/money.ts';
import { discrepancyPath, openInNewWindow } from '../common/paths.ts';

const COLORS = ['indigo', 'pink', 'teal', 'grape', 'orange', 'cyan', 'red', 'violet'];
const MIN_SIZE = 12;
const MAX_SIZE = 44;

// Spec 2.4: the customers with the most unmatched tax (top 300); a bigger
// word means more unmatched TDS. A word opens the customer's discrepancies.
export function WordCloud(props: { kind: ReconKind; jobId: string; financialYear: string }) {
  const cloud = useApiQuery(reconciliationRoutes.complianceCloud, { params: { jobId: props.jobId } });
  const words = useMemo(() => {
    const top = [...(cloud.data ?? [])].sort((a, b) => b.value - a.value).slice(0, WORD_CLOUD_LIMIT);
    const max = Math.max(1, ...top.map((w) => w.value));
    // alphabetical, so big and small words mix across the cloud
    return top
      .map((w, i) => ({
        ...w,
        size: MIN_SIZE + (MAX_SIZE - MIN_SIZE) * Math.sqrt(Math.max(0, w.value) / max),
        color: COLORS[i % COLORS.length],
      }))
      .sort((a, b) => a.text.localeCompare(b.text));
  }, [cloud.data]);

  if (cloud.isError) return <QueryError error={cloud.error} />;
  if (cloud.isLoading)
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  if (words.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        No Data found
      </Text>
    );
  return (
    <Box
      data-testid="word-cloud"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4px 14px',
        alignItems: 'center',
        justifyContent: 'center',
      }}
      p="md"
    >
      {words.map((w) => (
        <Tooltip key={w.entityId} label={`${w.text}: ${inr(w.tax)} unmatched`}>
          <UnstyledButton
            onClick={() =>
              openInNewWindow(discrepancyPath(props.kind, props.jobId, props.financialYear, w.entityId))
            }
            data-testid={`cloud-word-${w.entityId}`}
          >
            <Text fw={700} c={`${w.color}.7`} style={{ fontSize: w.size, lineHeight: 1.1 }}>
              {w.text}
            </Text>
          </UnstyledButton>
        </Tooltip>
      ))}
    </Box>
  );
}
