import { Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconArrowsDiff, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { canSeeScreen, SCREENS } from '@taxrecon/contracts';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSession } from '../../shell/session.tsx';

interface Tile {
  id: string;
  title: string;
  text: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
}

const TILES: readonly Tile[] = [
  {
    id: 'csv',
    title: '26AS to CSV converter',
    text: 'Turn 26AS text files into CSV, sent to you by e-mail in a password-protected zip.',
    to: '/26as_converter?format=csv',
    icon: IconFileTypeCsv,
    color: 'teal',
  },
  {
    id: 'excel',
    title: '26AS to Excel converter',
    text: 'Turn 26AS text files into Excel workbooks, sent to you by e-mail in a password-protected zip.',
    to: '/26as_converter?format=excel',
    icon: IconFileSpreadsheet,
    color: 'green',
  },
  {
    id: 'diff',
    title: '26AS Diff utility',
    text: 'Compare two 26AS files and receive the differences by e-mail.',
    to: '/26as_diff',
    icon: IconArrowsDiff,
    color: 'violet',
  },
];

export function UtilitiesPage() {
  const { role, permissions } = useSession();
  const navigate = useNavigate();
  const tiles = TILES.filter((t) => {
    const screen = SCREENS.find((s) => s.path === t.to.split('?')[0]);
    return screen && canSeeScreen(screen, role, permissions);
  });
  return (
    <Stack gap={0}>
      <PageHeader title="Utilities" subtitle="Tools for 26AS files" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {tiles.map((tile) => (
          <UnstyledButton key={tile.id} onClick={() => navigate(tile.to)} data-testid={`utility-${tile.id}`}>
            <Paper withBorder radius="lg" p="lg" h="100%">
              <ThemeIcon size={48} radius="md" variant="light" color={tile.color} mb="md">
                <tile.icon size={28} />
              </ThemeIcon>
              <Text fw={600}>{tile.title}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {tile.text}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
