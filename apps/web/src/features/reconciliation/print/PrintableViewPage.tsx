import { Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { type ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiQuery } from '../../../api/hooks.ts';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatFinancialYear } from '../../../lib/format.ts';
import { formatDate, formatRate } from '../../search/search-format.ts';
import { ChooseParty } from '../common/ChooseParty.tsx';
import { KIND_TEXT } from '../common/kind.ts';
import { inr } from '../common/money.ts';
import { discrepancyPath } from '../common/paths.ts';
import { PRINT_PAGE_CLASS } from '../common/print.ts';
import { actionLabel } from '../discrepancies/rows.ts';

function PrintTable({
  title,
  header,
  rows,
  testId,
}: {
  title: string;
  header: string[];
  rows: ReactNode[][];
  testId: string;
}) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h5">
        {title}
      </Title>
      <Table withTableBorder withColumnBorders fz="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {header.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={header.length}>No Data found</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((cells, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a printed, unchanging table
              <Table.Tr key={i}>
                {cells.map((c, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a printed, unchanging table
                  <Table.Td key={k}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

// Spec 2.11: the 'RECONCILIATION REPORT' of one customer (vendor) and year,
// printed without the application around it.
function PrintableViewPage({ kind }: { kind: ReconKind }) {
  const t = KIND_TEXT[kind];
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tan = params.get('tanNumber') ?? '';
  const year = params.get('year') ?? undefined;
  const jobId = params.get('jobId') ?? undefined;
  const report = useApiQuery(
    reconciliationRoutes.discrepancies,
    { params: { tan }, query: { jobId, year, quarters: '1,2,3,4', discrepancyType: kind } },
    { enabled: !!tan },
  );
  const d = report.data;
  if (!tan) return <ChooseParty kind={kind} />;
  if (report.isError)
    return <QueryError error={report.error} fallback="Cannot Fetch Reconciliation Response" />;
  if (!d)
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  const difference = paiseOrZero(d.taxAmountTotalSalesPurchaseBook) - paiseOrZero(d.taxAmountTotalTaxBook);
  const taxRows = d.taxBookDiscrepancies.map((r) => [
    r.section,
    formatDate(r.transactionDate),
    inr(r.amountPaid),
    formatRate(r.taxRate),
    inr(r.taxDeducted),
    actionLabel(r.manualAction),
  ]);
  const bookRows =
    kind === 'TDS'
      ? d.entrySalesDiscrepancies.map((r) => [
          formatDate(r.transactionDate),
          r.voucherNumber,
          inr(r.professionalServices),
          formatRate(r.tdsRate),
          inr(r.tdsOnSales),
          actionLabel(r.manualAction),
        ])
      : d.entryPurchaseDiscrepancies.map((r) => [
          r.billNumber,
          formatDate(r.transactionDate),
          inr(r.purchaseValue),
          formatRate(r.tcsRate),
          inr(r.tcsOnPurchase),
          actionLabel(r.manualAction),
        ]);
  return (
    <Stack
      gap="md"
      className={PRINT_PAGE_CLASS}
      bg="white"
      p="md"
      data-testid={`${kind.toLowerCase()}-printable-view`}
    >
      <Group justify="space-between" className="recon-no-print">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => navigate(discrepancyPath(kind, jobId ?? d.jobId, d.year, tan))}
          data-testid="print-go-back"
        >
          Go Back
        </Button>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          data-testid="print-button"
        >
          Print
        </Button>
      </Group>
      <Title order={2} ta="center">
        RECONCILIATION REPORT
      </Title>
      <Group justify="space-between">
        <Text size="sm">
          {t.party}: <b data-testid="print-party">{d.customerName}</b> ({d.customerTAN ?? d.entityId})
        </Text>
        <Text size="sm">
          Financial Year: <b>{formatFinancialYear(d.year)}</b>
        </Text>
      </Group>
      <Table withTableBorder fz="sm" data-testid="print-totals">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              {t.tax} as per {t.book.toLowerCase()}
            </Table.Td>
            <Table.Td ta="right">{inr(d.taxAmountTotalSalesPurchaseBook)}</Table.Td>
            <Table.Td>{t.tax} as per 26AS</Table.Td>
            <Table.Td ta="right">{inr(d.taxAmountTotalTaxBook)}</Table.Td>
            <Table.Td fw={700}>Discrepancy</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="print-difference">
              {formatInr(difference)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <PrintTable
        title="26AS"
        header={['Section', 'Date', 'Amount Paid', `${t.tax} Rate`, `${t.tax} Deducted`, 'Action']}
        rows={taxRows}
        testId="print-26as"
      />
      <PrintTable
        title={t.book}
        header={
          kind === 'TDS'
            ? ['Date', 'Voucher', 'Sales Amount', 'TDS Rate', 'TDS Amount', 'Action']
            : ['Bill No', 'Date', 'Purchase Value', 'TCS Rate', 'TCS Amount', 'Action']
        }
        rows={bookRows}
        testId="print-book"
      />
    </Stack>
  );
}

export const TdsPrintableViewPage = () => <PrintableViewPage kind="TDS" />;
export const TcsPrintableViewPage = () => <PrintableViewPage kind="TCS" />;
