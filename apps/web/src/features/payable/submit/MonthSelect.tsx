import { Group, Select, Text, Tooltip } from '@mantine/core';
import { type Month, monthBlockedReason } from './month-rules.ts';

export function MonthSelect(props: {
  months: readonly Month[];
  value: string | null;
  onChange: (month: string | null) => void;
  disabled: boolean;
  loading: boolean;
}) {
  const byValue = new Map(props.months.map((m) => [m.month, m]));
  const data = props.months.map((m) => ({
    value: m.month,
    label: m.label,
    disabled: monthBlockedReason(m) !== null,
  }));
  return (
    <Select
      label="Month"
      placeholder={
        props.disabled ? 'Choose a financial year first' : props.loading ? 'Loading…' : 'Choose a month'
      }
      description="The job computes the year from April up to this month"
      data={data}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      required
      allowDeselect={false}
      maxDropdownHeight={360}
      renderOption={({ option }) => {
        const month = byValue.get(option.value);
        const reason = month ? monthBlockedReason(month) : null;
        const row = (
          <Group justify="space-between" gap="xs" wrap="nowrap" w="100%">
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c={reason ? 'orange.8' : 'dimmed'}>
              {reason
                ? month?.verified
                  ? 'verified'
                  : 'previous month first'
                : month?.computed
                  ? 'computed'
                  : month && month.files === 0
                    ? 'no files'
                    : ''}
            </Text>
          </Group>
        );
        return reason ? (
          <Tooltip label={reason} position="right" withinPortal>
            <div style={{ width: '100%' }}>{row}</div>
          </Tooltip>
        ) : (
          row
        );
      }}
      data-testid="payable-month"
    />
  );
}
