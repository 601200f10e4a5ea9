import { Button, Checkbox, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApiQuery } from '../../../api/hooks.ts';
import { KIND_TEXT } from '../common/kind.ts';
import { RUPEES_INPUT } from '../common/money.ts';
import type { ReportSettings } from './use-result.ts';

// Spec 2.4 'Report Settings': which customers and which tabs the result shows.
export function ReportSettingsDialog(props: {
  kind: ReconKind;
  jobId: string;
  opened: boolean;
  settings: ReportSettings;
  onClose: () => void;
  onApply: (settings: ReportSettings) => void;
}) {
  const t = KIND_TEXT[props.kind];
  const [draft, setDraft] = useState(props.settings);
  useEffect(() => {
    if (props.opened) setDraft(props.settings);
  }, [props.opened, props.settings]);
  const names = useApiQuery(
    reconciliationRoutes.customerNamesOfJob,
    { params: { jobId: props.jobId }, query: { matchType: undefined } },
    { enabled: props.opened },
  );
  const options = useMemo(
    () => Object.entries(names.data ?? {}).map(([id, name]) => ({ value: id, label: `${name} (${id})` })),
    [names.data],
  );
  const ignoreError =
    draft.ignoreDifferenceBelow && !RUPEES_INPUT.test(draft.ignoreDifferenceBelow)
      ? 'Rupees, at most two decimals'
      : undefined;
  const flag = (key: 'showMissingFromSales' | 'showMissingFromTaxBook' | 'showCompliant') => ({
    checked: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const checked = e.currentTarget.checked;
      setDraft((d) => ({ ...d, [key]: checked }));
    },
  });

  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Report Settings" size="lg" centered>
      <Stack gap="sm" data-testid="report-settings">
        <MultiSelect
          label={`${t.parties} (TAN numbers)`}
          description={`None chosen: all ${t.parties.toLowerCase()}`}
          placeholder={names.isFetching ? 'Loading…' : `Available ${t.parties.toLowerCase()}`}
          data={options}
          value={draft.customers}
          onChange={(customers) => setDraft((d) => ({ ...d, customers }))}
          searchable
          clearable
          limit={100}
          data-testid="report-settings-customers"
        />
        <Checkbox
          label={`Show missing ${t.parties.toLowerCase()} from the ${t.book.toLowerCase()}`}
          {...flag('showMissingFromSales')}
        />
        <Checkbox
          label={`Show missing ${t.parties.toLowerCase()} from 26AS`}
          {...flag('showMissingFromTaxBook')}
        />
        <Checkbox label={`Show compliant ${t.parties.toLowerCase()}`} {...flag('showCompliant')} />
        <TextInput
          label="Ignore differences below (₹)"
          value={draft.ignoreDifferenceBelow}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft((d) => ({ ...d, ignoreDifferenceBelow: value }));
          }}
          error={ignoreError}
          inputMode="decimal"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            disabled={!!ignoreError}
            onClick={() => {
              props.onApply(draft);
              props.onClose();
            }}
            data-testid="report-settings-apply"
          >
            Filter Results
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
