import { Badge, Button, Group, Loader, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconTableImport } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../components/QueryError.tsx';
import { readHeaderFromFile } from './register-header.ts';
import type { ColumnMapping } from './use-column-mapping.ts';

// What the editor reads of a mapping: the register uploads' useColumnMapping, or
// any other screen's mapping of a pasted header row (the 34A submit screen).
export type MappingEditorState = Pick<
  ColumnMapping,
  | 'headersText'
  | 'setHeadersText'
  | 'headers'
  | 'fields'
  | 'mapping'
  | 'setField'
  | 'remembered'
  | 'loading'
  | 'error'
>;

// A sales register's header row, as Tally exports it; other ledgers pass their own.
const SALES_HEADER_EXAMPLE = 'Date\tParticulars\tVch No.\t…';

const HEADER_HELP =
  'Copy the column header row from Excel or Tally and paste it here (tab-separated). Leave it empty to let TaxRecon find the header in the file.';

// The pasted header row and, below it, one line per target column with the file's
// header that feeds it (spec part 2 section 2.12). Without `file` (a screen with
// no upload) the "take it from the file" button is left out.
export function ColumnMappingEditor({
  mapping,
  file,
  description = HEADER_HELP,
  placeholder = SALES_HEADER_EXAMPLE,
}: {
  mapping: MappingEditorState;
  file?: File | null;
  description?: string;
  placeholder?: string;
}) {
  const [readNote, setReadNote] = useState('');
  const { headers, fields } = mapping;
  const usedBy = new Map<string, number>();
  for (const header of Object.values(mapping.mapping)) {
    if (header) usedBy.set(header, (usedBy.get(header) ?? 0) + 1);
  }

  const readFromFile = async () => {
    if (!file) return;
    const row = await readHeaderFromFile(file);
    if (!row || row.length === 0) {
      setReadNote('Could not find a header row in this file; paste it from Excel instead.');
      return;
    }
    setReadNote('');
    mapping.setHeadersText(row.join('\t'), true);
  };

  return (
    <Stack gap="sm" data-testid="column-mapping">
      <Textarea
        label="Header row"
        description={description}
        placeholder={placeholder}
        autosize
        minRows={2}
        maxRows={4}
        value={mapping.headersText}
        onChange={(e) => mapping.setHeadersText(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        data-testid="mapping-headers"
      />
      <Group gap="xs">
        {file !== undefined && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTableImport size={14} />}
            disabled={!file || !/\.(txt|csv)$/i.test(file.name)}
            onClick={readFromFile}
            data-testid="mapping-read-file"
          >
            Take the header row from the file
          </Button>
        )}
        {mapping.loading && <Loader size="xs" />}
        {mapping.remembered && headers.length > 0 && (
          <Badge variant="light" color="teal" data-testid="mapping-remembered">
            Mapping remembered from the last upload
          </Badge>
        )}
        {readNote && (
          <Text size="xs" c="orange.8">
            {readNote}
          </Text>
        )}
      </Group>
      {mapping.error && <QueryError error={mapping.error} />}
      {headers.length > 0 && fields.length > 0 && (
        <Table withTableBorder striped verticalSpacing={4} data-testid="mapping-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="40%">Target column</Table.Th>
              <Table.Th>Header in your file</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => {
              const value = mapping.mapping[field.key] ?? null;
              const error =
                field.required && !value
                  ? 'Required'
                  : value && (usedBy.get(value) ?? 0) > 1
                    ? 'This header feeds another column too'
                    : undefined;
              return (
                <Table.Tr key={field.key}>
                  <Table.Td>
                    <Text size="sm">
                      {field.label}
                      {field.required && (
                        <Text span c="red" ml={4} aria-label="required">
                          *
                        </Text>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      data={[...new Set(headers)]}
                      value={value}
                      onChange={(header) => mapping.setField(field.key, header)}
                      placeholder="Not in this file"
                      clearable
                      searchable
                      error={error}
                      aria-label={`Header for ${field.label}`}
                      data-testid={`mapping-field-${field.key}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
