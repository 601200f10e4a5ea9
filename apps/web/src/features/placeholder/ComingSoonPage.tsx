import { Badge, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { SCREENS, type Screen } from '@taxrecon/contracts';

// SCREENS lists the spec's three parts in order; the first screen of parts 2 and 3 marks where each begins.
const PART_STARTS = [
  { path: '/new-34a-reconciliation', part: 'TDS payable, uploads and utilities' },
  { path: '/new-tds-reconciliation', part: 'TDS receivable and TCS reconciliation' },
] as const;

export const productPart = (screen: Screen): string => {
  const index = SCREENS.indexOf(screen);
  for (const { path, part } of PART_STARTS) {
    const start = SCREENS.findIndex((s) => s.path === path);
    if (start >= 0 && index >= start) return part;
  }
  return 'shell, access, master data and administration';
};

export function ComingSoonPage({ screen }: { screen: Screen }) {
  return (
    <Center mih="60vh" p="xl">
      <Paper withBorder radius="lg" p="xl" maw={560} w="100%" data-testid="coming-soon">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius={64} variant="light" color="orange">
            <IconHourglassHigh size={36} />
          </ThemeIcon>
          <Badge variant="light">{screen.category}</Badge>
          <Title order={2}>{screen.title}</Title>
          <Text fw={600} c="orange.8">
            Coming Soon
          </Text>
          <Text c="dimmed" size="sm">
            {screen.title} belongs to the {screen.category} area of TaxRecon's {productPart(screen)}. It
            arrives with a later release of that part of the product.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
