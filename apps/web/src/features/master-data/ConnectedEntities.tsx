import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ConnectedEntity, TAN_PATTERN } from '@taxrecon/contracts';
import { useState } from 'react';
import { Link } from 'react-router';

export interface Candidate {
  tanNumber: string;
  name: string;
}

// The connected entities (children) of a customer or vendor, by TAN. In edit mode
// TANs are added and removed here and saved with the record.
export function ConnectedEntities({
  entities,
  editing,
  onAdd,
  onRemove,
  candidates = [],
  linkPrefix,
  ownTan,
}: {
  entities: readonly ConnectedEntity[];
  editing: boolean;
  onAdd: (tan: string) => void;
  onRemove: (tan: string) => void;
  candidates?: readonly Candidate[];
  linkPrefix: '/customer/' | '/vendor/';
  ownTan?: string | null;
}) {
  const [tan, setTan] = useState('');
  const typed = tan.trim().toUpperCase();
  const error =
    typed === ''
      ? undefined
      : !TAN_PATTERN.test(typed)
        ? 'Invalid TAN Number'
        : typed === ownTan
          ? 'This is its own TAN'
          : entities.some((e) => e.tanNumber === typed)
            ? 'Already connected'
            : undefined;
  const add = (value: string) => {
    onAdd(value);
    setTan('');
  };
  const offered = candidates.filter(
    (c) => c.tanNumber !== ownTan && !entities.some((e) => e.tanNumber === c.tanNumber),
  );

  return (
    <Paper withBorder radius="lg" p="md" data-testid="connected-entities">
      <Title order={3} size="h5" mb="sm">
        Connected Entities
      </Title>
      {entities.length === 0 ? (
        <Text size="sm" c="dimmed">
          No connected entities.
        </Text>
      ) : (
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>TAN Number</Table.Th>
              <Table.Th>Name</Table.Th>
              {editing && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entities.map((e) => (
              <Table.Tr key={e.tanNumber} data-testid={`connected-${e.tanNumber}`}>
                <Table.Td ff="monospace">{e.tanNumber}</Table.Td>
                <Table.Td>
                  {e.id ? (
                    <Anchor component={Link} to={`${linkPrefix}${e.id}`} size="sm">
                      {e.name}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {e.name ?? 'Not in the master'}
                    </Text>
                  )}
                </Table.Td>
                {editing && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Remove"
                      onClick={() => onRemove(e.tanNumber)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <Stack gap="xs" mt="sm">
          <Group align="flex-start" gap="xs">
            <TextInput
              placeholder="TAN of a connected entity"
              value={tan}
              onChange={(e) => setTan(e.currentTarget.value.toUpperCase())}
              error={error}
              maxLength={10}
              data-testid="connected-tan"
            />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!typed || !!error}
              onClick={() => add(typed)}
              data-testid="connected-add"
            >
              Add
            </Button>
          </Group>
          {offered.length > 0 && (
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                Same PAN:
              </Text>
              {offered.map((c) => (
                <Badge
                  key={c.tanNumber}
                  variant="outline"
                  style={{ cursor: 'pointer' }}
                  onClick={() => add(c.tanNumber)}
                  tt="none"
                >
                  + {c.name} ({c.tanNumber})
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
