import { Box } from '@mantine/core';

// The spec's /empty route: a deliberately blank page inside the shell.
export function EmptyPage() {
  return <Box mih="50vh" data-testid="empty-page" />;
}
