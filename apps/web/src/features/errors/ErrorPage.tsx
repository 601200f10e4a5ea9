import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLock, IconMapQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

function Message({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius={72} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Center>
  );
}

export function ErrorPage() {
  return (
    <Message
      icon={<IconAlertTriangle size={40} />}
      title="Something went wrong"
      text="An error occured. Please contact system administrator."
      action={
        <Button component="a" href="#/" data-testid="error-go-dashboard">
          Go To Dashboard
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Message
      icon={<IconMapQuestion size={40} />}
      title="404: Page not found"
      text="The page you are looking for does not exist or has moved."
      action={
        <Button
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => navigate(-1)}
          data-testid="not-found-back"
        >
          Go Back
        </Button>
      }
    />
  );
}

export function NoPermissionPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <Message
      icon={<IconLock size={40} />}
      title="You do not have permission"
      text={`Your account does not hold the permission needed for ${title}. Ask an administrator if you need it.`}
      action={
        <Button variant="light" onClick={() => navigate('/')} data-testid="no-permission-home">
          Go To Dashboard
        </Button>
      }
    />
  );
}
