import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { type SmartReconSuggestion, smartFilterRoutes } from '@taxrecon/contracts';
import { paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { type FormEvent, useState } from 'react';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { useYearPicker } from '../../lib/use-year-picker.ts';
import { inr } from '../reconciliation/common/money.ts';

// Spec part 2 section 2.13: the smart reconciliation screen suggests matches
// per year, from the year's latest completed job: sales-book customers and
// 26AS deductors that look like the same party (GET /smart-recon/suggest/{year}).
// Settings as the call has them (section 9): tolerance 0, name matching off,
// 5 characters of the name.

const NAME_CHARACTERS_DEFAULT = 5;

interface Asked {
  year: string;
  taxType: 'TDS' | 'TCS';
  tolerance: number;
  matchByName: boolean;
  characters: number;
}

const amount = (pick: (s: SmartReconSuggestion) => string) => ({
  // rupees as a number (sorted and exported as one), through the money module
  value: (s: SmartReconSuggestion) => rupeesNumber(paiseOrZero(pick(s))),
  render: (s: SmartReconSuggestion) => inr(pick(s)),
  textAlign: 'right' as const,
});

const COLUMNS: GridColumn<SmartReconSuggestion>[] = [
  { accessor: 'bookName', title: 'Customer (book)', value: (s) => s.bookName },
  { accessor: 'bookTax', title: 'Tax in the book', ...amount((s) => s.bookTax) },
  { accessor: 'taxBookName', title: 'Deductor (26AS)', value: (s) => s.taxBookName },
  { accessor: 'taxBookTan', title: 'TAN', value: (s) => s.taxBookTan ?? '' },
  { accessor: 'taxBookTax', title: 'Tax in 26AS', ...amount((s) => s.taxBookTax) },
  { accessor: 'difference', title: 'Difference', ...amount((s) => s.difference) },
  { accessor: 'reason', title: 'Reason', value: (s) => s.reason },
];

export function SuggestionsPanel() {
  const [taxType, setTaxType] = useState<'TDS' | 'TCS'>('TDS');
  const picker = useYearPicker(taxType === 'TDS' ? 'tds' : 'tcs', taxType === 'TDS' ? 'sales' : 'purchase');
  const [tolerance, setTolerance] = useState<number>(0);
  const [matchByName, setMatchByName] = useState(false);
  const [characters, setCharacters] = useState<number>(NAME_CHARACTERS_DEFAULT);
  const [asked, setAsked] = useState<Asked | null>(null);
  const answer = useApiQuery(
    smartFilterRoutes.smartReconSuggest,
    {
      params: { year: asked?.year ?? '' },
      query: {
        taxType: asked?.taxType ?? 'TDS',
        tolerance: asked?.tolerance ?? 0,
        matchByName: asked?.matchByName ? 'true' : 'false',
        noOfCharactersToMatchForName: asked?.characters ?? NAME_CHARACTERS_DEFAULT,
      },
    },
    { enabled: asked !== null },
  );

  const suggest = (event: FormEvent) => {
    event.preventDefault();
    if (!picker.year) return;
    setAsked({ year: picker.year, taxType, tolerance, matchByName, characters });
  };
  const rows = answer.data?.suggestions ?? [];

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="smart-suggest">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Suggestions from the year's latest reconciliation</Text>
          <Text size="sm" c="dimmed">
            Customers of the book and deductors of 26AS left apart by the last completed job that look like
            the same party.
          </Text>
        </div>
        <Group align="flex-end" component="form" onSubmit={suggest}>
          <SegmentedControl
            data={['TDS', 'TCS']}
            value={taxType}
            onChange={(v) => setTaxType(v as 'TDS' | 'TCS')}
            data-testid="smart-suggest-type"
          />
          <Select
            label="Financial Year"
            data={picker.options}
            value={picker.year}
            onChange={picker.setYear}
            allowDeselect={false}
            w={240}
            data-testid="smart-suggest-year"
          />
          <NumberInput
            label="Tolerance (% of tax)"
            min={0}
            max={100}
            value={tolerance}
            onChange={(v) => setTolerance(typeof v === 'number' ? v : 0)}
            w={170}
          />
          <Switch
            label="Match by name"
            checked={matchByName}
            onChange={(e) => setMatchByName(e.currentTarget.checked)}
            mb={8}
            data-testid="smart-suggest-by-name"
          />
          <NumberInput
            label="Name characters"
            min={1}
            max={100}
            value={characters}
            disabled={!matchByName}
            onChange={(v) => setCharacters(typeof v === 'number' ? v : NAME_CHARACTERS_DEFAULT)}
            w={170}
          />
          <Button
            type="submit"
            leftSection={<IconSparkles size={16} />}
            disabled={!picker.year}
            loading={answer.isFetching}
            data-testid="smart-suggest-run"
          >
            Suggest
          </Button>
        </Group>
        {answer.isError && <QueryError error={answer.error} fallback="Could not fetch the details" />}
        {answer.data && (
          <DataGrid
            records={rows}
            columns={COLUMNS}
            idAccessor={(s) => `${s.bookEntityId}|${s.taxBookEntityId}`}
            exportName={`smart-recon-suggestions-${asked?.year ?? ''}`}
            testId="smart-suggest-grid"
            noRecordsText="No matches found"
          />
        )}
      </Stack>
    </Paper>
  );
}
