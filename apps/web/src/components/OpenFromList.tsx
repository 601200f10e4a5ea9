import { Alert, Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// A screen that shows one thing (a job, a month, a customer) reached without
// it: from the menu's search, a bookmark or a link cut short. Not an error
// the person made, so said in blue, with the way to the list it opens from.
export function OpenFromList({
  title,
  children,
  to,
  action,
}: {
  title: string;
  children: ReactNode;
  to: string;
  action: string;
}) {
  return (
    <Alert color="blue" title={title} data-testid="open-from-list">
      <Stack gap="sm" align="flex-start">
        {children}
        <Button component={Link} to={to} size="xs" variant="light">
          {action}
        </Button>
      </Stack>
    </Alert>
  );
}
