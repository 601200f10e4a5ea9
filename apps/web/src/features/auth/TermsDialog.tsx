import { Button, Group, List, Modal, ScrollArea, Text } from '@mantine/core';

const TERMS: readonly string[] = [
  'You must have reached the age of majority in your jurisdiction to register and use this service.',
  'To register we collect your full name, e-mail address, password, legal entity (company) name and mobile number, and use them to run your account.',
  'All fees paid for the service are non-refundable.',
  'The provider may suspend, delete or restrict any account at its sole discretion.',
  'Any dispute shall be settled by arbitration with its place at Pinjore; the courts at Pune and Pinjore shall have jurisdiction.',
  'Where you hold data about other persons, you must check at least twice a month for persons whose data was removed, and remove it from your records too.',
];

export function TermsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Terms & Conditions" size={750} centered>
      <ScrollArea.Autosize mah="60vh">
        <Text size="sm" mb="sm">
          By registering for TaxRecon you agree to the following terms.
        </Text>
        <List size="sm" spacing="xs" type="ordered" data-testid="terms-text">
          {TERMS.map((term) => (
            <List.Item key={term}>{term}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-testid="terms-close">
          Close
        </Button>
      </Group>
    </Modal>
  );
}
