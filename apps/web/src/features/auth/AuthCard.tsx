import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo.tsx';

// The frame of the public pages: sign-in, registration, password reset.
export function AuthCard({
  title,
  subtitle,
  width = 420,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Box
      mih="100vh"
      py="xl"
      px="md"
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-indigo-0), var(--mantine-color-cyan-0))',
      }}
    >
      <Center mih="calc(100vh - 64px)">
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <Logo size="lg" />
          </Center>
          <Paper withBorder shadow="md" p="xl" radius="lg">
            <Stack gap="md">
              <div>
                <Title order={2} size="h3">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
