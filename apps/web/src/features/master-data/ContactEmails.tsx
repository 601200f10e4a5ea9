import { Button, Group, List, Paper, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailPlus } from '@tabler/icons-react';
import { EMAIL_PATTERN, masterDataRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { call, errorMessage } from '../../api/client.ts';

// Every contact e-mail of a customer (follow-ups go to them); new ones are added at once.
export function ContactEmails({
  customerId,
  emails,
  onChange,
}: {
  customerId: string;
  emails: readonly string[];
  onChange: (emails: string[]) => void;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const typed = email.trim();
  const invalid = typed !== '' && !EMAIL_PATTERN.test(typed);

  const add = async () => {
    setBusy(true);
    try {
      const answer = await call(masterDataRoutes.addCustomerEmail, {
        params: { customerId },
        query: { email: typed },
      });
      notifications.show({ color: 'green', message: answer.message });
      onChange(answer.contactEmails);
      setEmail('');
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error occurred', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="contact-emails">
      <Title order={3} size="h5" mb="sm">
        Contact E-mails
      </Title>
      {emails.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contact e-mail yet.
        </Text>
      ) : (
        <List size="sm" data-testid="contact-emails-list">
          {emails.map((e) => (
            <List.Item key={e}>{e}</List.Item>
          ))}
        </List>
      )}
      <Group align="flex-start" gap="xs" mt="sm">
        <TextInput
          placeholder="name@customer.com"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={invalid ? 'Invalid Email Address' : undefined}
          data-testid="contact-email-input"
        />
        <Button
          variant="light"
          leftSection={<IconMailPlus size={16} />}
          onClick={add}
          loading={busy}
          disabled={!typed || invalid}
          data-testid="contact-email-add"
        >
          Add e-mail
        </Button>
      </Group>
    </Paper>
  );
}
