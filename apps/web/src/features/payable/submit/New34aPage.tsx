import { Accordion, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYABLE_THROTTLED_MESSAGE, payableRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/client.ts';
import { apiKey, useApiQuery } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { apiShortYear, startOfYear, yearLabel, yearOfStart } from '../../../lib/financial-years.ts';
import { noDataReason, useYearPicker } from '../../../lib/use-year-picker.ts';
import { ColumnMappingEditor } from '../../uploads/ColumnMappingEditor.tsx';
import { notifyError, notifySuccess } from '../common/notify.ts';
import { PAYABLE_JOBS_PATH } from '../common/paths.ts';
import { CustomRulesGrid } from './CustomRulesGrid.tsx';
import { initialRuleRows, ruleRowError, rulesToSend } from './custom-rules.ts';
import { MonthSelect } from './MonthSelect.tsx';
import { monthBlockedReason } from './month-rules.ts';
import { usePayableMapping } from './use-payable-mapping.ts';
import { VendorPicker } from './VendorPicker.tsx';

const HEADER_HELP =
  'Paste the header row of your expense ledger (tab-separated, as copied from Excel). Each 34A field below takes the closest-named column; change any guess.';

// Spec part 3 sections 2, 4 and 5: New 34A Reconciliation. The job computes
// the year's TDS payable from April up to the chosen month.
export function New34aPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const askedText = params.get('fy');
  // the picker starts on the latest year with expense ledgers uploaded
  const picker = useYearPicker('payable', 'expenses', {
    initial: askedText ? yearOfStart(startOfYear(askedText)) : null,
  });
  const years = picker.options;
  // the payable calls name the year '24-25'
  const fy = picker.year ? apiShortYear(picker.year) : null;
  const [month, setMonth] = useState<string | null>(null);
  const [vendors, setVendors] = useState<string[] | null>(null);
  const [rules, setRules] = useState(initialRuleRows);
  const [busy, setBusy] = useState(false);
  const mapping = usePayableMapping(fy);
  const months = useApiQuery(
    payableRoutes.payableMonths,
    { query: { financialYear: fy ?? '' } },
    // a job finishing or a month verified elsewhere changes what can be chosen: always ask again
    { enabled: !!fy, staleTime: 0 },
  );

  const chosenMonth = months.data?.find((m) => m.month === month);
  const monthValid = !!chosenMonth && monthBlockedReason(chosenMonth) === null;
  const rulesValid = rules.every((r) => !ruleRowError(r));
  const vendorsValid = vendors === null || vendors.length > 0;
  const blockers = [
    !fy && 'choose a financial year',
    fy && picker.known && !picker.hasData(picker.year) && noDataReason('expense ledger uploaded', fy),
    fy && !monthValid && 'choose a month that can be calculated',
    mapping.editor.headers.length === 0 && 'paste the header row of the ledger',
    mapping.missing.length > 0 && `map ${mapping.missing.join(', ')}`,
    !vendorsValid && 'choose a vendor',
    !rulesValid && 'fix the custom calculation rules',
  ].filter((b): b is string => typeof b === 'string');

  const submit = async () => {
    if (!fy || !month) return;
    setBusy(true);
    try {
      const answer = await call(payableRoutes.submitPayable, {
        params: { fy },
        body: {
          mappingDefinitions: mapping.mappingDefinitions(),
          customCalculationRules: rulesToSend(rules),
          vendors: vendors ?? [],
          month,
        },
      });
      if (answer.throttled || !answer.jobId) {
        notifyError(null, answer.throttled ? PAYABLE_THROTTLED_MESSAGE : answer.message);
        return;
      }
      notifySuccess(`Job submitted successfully (Job Id: ${answer.jobId})`);
      await queryClient.invalidateQueries({ queryKey: apiKey(payableRoutes.payableJobsByYear) });
      navigate(PAYABLE_JOBS_PATH);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Submit 34A Reconciliation',
      children: (
        <Text size="sm">
          Calculate TDS payable for {fy ? yearLabel(fy) : ''} up to {chosenMonth?.label}
          {vendors ? ` for ${vendors.length} vendor${vendors.length === 1 ? '' : 's'}` : ' for all vendors'}?
        </Text>
      ),
      labels: { confirm: 'YES', cancel: 'CANCEL' },
      confirmProps: { 'data-testid': 'payable-submit-yes' },
      onConfirm: submit,
    });

  return (
    <Stack gap="md" data-testid="new-34a-reconciliation">
      <PageHeader
        title="New 34A Reconciliation"
        subtitle="TDS payable on the expense ledger: section, rate and threshold of every entry, month by month"
      />
      {months.isError && <QueryError error={months.error} />}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <Select
              label="Financial Year"
              placeholder="Choose a financial year"
              data={years}
              value={picker.year}
              onChange={(value) => {
                picker.setYear(value);
                setMonth(null);
              }}
              allowDeselect={false}
              required
              data-testid="payable-year"
            />
            <MonthSelect
              months={months.data ?? []}
              value={month}
              onChange={setMonth}
              disabled={!fy}
              loading={months.isFetching}
            />
            <VendorPicker value={vendors} onChange={setVendors} />
          </SimpleGrid>
          <ColumnMappingEditor mapping={mapping.editor} description={HEADER_HELP} />
        </Stack>
      </Paper>
      <Accordion variant="contained" radius="lg">
        <Accordion.Item value="rules">
          <Accordion.Control data-testid="custom-rules-toggle">
            Custom calculation (optional): force TDS on or off by GL code, section and vendor
          </Accordion.Control>
          <Accordion.Panel>
            <CustomRulesGrid rows={rules} onChange={setRules} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {/* the mapping table is long: Submit and what it still needs stay in view */}
      <Paper withBorder radius="lg" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 8, zIndex: 5 }}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c={blockers.length > 0 ? 'dimmed' : 'green.8'} data-testid="payable-blockers">
            {blockers.length > 0 ? `To submit: ${blockers.join('; ')}.` : 'Ready to submit.'}
          </Text>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={blockers.length > 0}
            loading={busy}
            onClick={confirm}
            data-testid="payable-submit"
          >
            Submit
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
