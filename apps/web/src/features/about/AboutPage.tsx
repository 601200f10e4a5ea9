import { Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconHeartFilled } from '@tabler/icons-react';
import { platformRoutes } from '@taxrecon/contracts';
import { useApiQuery } from '../../api/hooks.ts';
import { Logo } from '../../components/Logo.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';

export function AboutPage() {
  const license = useApiQuery(platformRoutes.license, {});
  const version = useApiQuery(platformRoutes.version, {});
  const rows: [string, string | undefined][] = [
    ['Licensed to', license.data?.user],
    ['Entity', license.data?.entityName],
    ['Licence type', license.data?.licenseType],
    ['Valid until', license.data?.validUntil],
    ['Version', version.data?.version],
  ];
  return (
    <Stack gap={0} maw={720}>
      <PageHeader title="About" />
      {license.isError && <QueryError error={license.error} />}
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Logo size="lg" />
          <Text c="dimmed">
            TaxRecon reconciles tax deducted and collected at source (TDS and TCS) against 26AS, the sales and
            purchase books and expense data, for finance and tax teams in India.
          </Text>
          <Title order={4} size="h5">
            Licence
          </Title>
          <Table withRowBorders={false} data-testid="license-table">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={160}>{label}</Table.Th>
                  <Table.Td>{value ?? <Skeleton h={14} w={160} />}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap={4}>
            <Text size="sm" c="dimmed">
              Made with love
            </Text>
            <IconHeartFilled size={14} color="var(--mantine-color-red-6)" />
            <Text size="sm" c="dimmed">
              for the people who close the books.
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
