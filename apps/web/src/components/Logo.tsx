import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon
        size={big ? 40 : 30}
        radius="md"
        variant="gradient"
        gradient={{ from: 'indigo', to: 'cyan' }}
      >
        <IconReceiptTax size={big ? 24 : 18} />
      </ThemeIcon>
      <Text fw={750} fz={big ? 26 : 20} c="indigo.8" style={{ letterSpacing: -0.5 }}>
        TaxRecon
      </Text>
    </Group>
  );
}
