import { Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FieldSpec, FormSection, FormValues } from './master-fields.ts';

function ViewValue({ field, value, testId }: { field: FieldSpec; value: string | boolean; testId: string }) {
  const text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;
  return (
    <Stack gap={0} style={field.span === 2 ? { gridColumn: 'span 2' } : undefined}>
      <Text size="xs" c="dimmed">
        {field.label}
      </Text>
      <Text
        size="sm"
        fw={500}
        data-testid={testId}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {text || '—'}
      </Text>
    </Stack>
  );
}

function EditField({
  field,
  form,
  testId,
}: {
  field: FieldSpec;
  form: UseFormReturnType<FormValues>;
  testId: string;
}) {
  const props = form.getInputProps(field.key);
  const style = field.span === 2 ? { gridColumn: 'span 2' } : undefined;
  if (field.kind === 'switch') {
    return (
      <Switch
        label={field.label}
        checked={form.values[field.key] === true}
        onChange={(e) => form.setFieldValue(field.key, e.currentTarget.checked)}
        mt="lg"
        data-testid={testId}
      />
    );
  }
  if (field.kind === 'select') {
    const value = form.values[field.key];
    return (
      <Select
        label={field.label}
        data={field.data ?? []}
        clearable
        value={typeof value === 'string' && value ? value : null}
        onChange={(v) => form.setFieldValue(field.key, v ?? '')}
        error={props.error}
        data-testid={testId}
      />
    );
  }
  if (field.kind === 'textarea') {
    return (
      <Textarea label={field.label} autosize minRows={2} {...props} style={style} data-testid={testId} />
    );
  }
  return (
    <TextInput
      label={field.label}
      withAsterisk={field.required}
      {...(field.type ? { type: field.type } : {})}
      {...(field.numeric ? { inputMode: 'numeric' as const } : {})}
      {...props}
      onChange={(e) =>
        form.setFieldValue(
          field.key,
          field.upper ? e.currentTarget.value.toUpperCase() : e.currentTarget.value,
        )
      }
      style={style}
      data-testid={testId}
    />
  );
}

// A customer or vendor, section by section: values to read in view mode, inputs in
// edit mode. `testId` prefixes every field, e.g. 'customer' -> 'customer-customerName'.
export function MasterForm({
  sections,
  form,
  editing,
  testId,
}: {
  sections: readonly FormSection[];
  form: UseFormReturnType<FormValues>;
  editing: boolean;
  testId: string;
}) {
  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Paper key={section.title} withBorder radius="lg" p="md">
          <Title order={3} size="h5" mb="sm">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
            {section.fields.map((field) =>
              editing ? (
                <EditField key={field.key} field={field} form={form} testId={`${testId}-${field.key}`} />
              ) : (
                <ViewValue
                  key={field.key}
                  field={field}
                  value={form.values[field.key] ?? ''}
                  testId={`${testId}-view-${field.key}`}
                />
              ),
            )}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
