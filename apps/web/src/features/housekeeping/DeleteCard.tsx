import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function DeleteCard({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
