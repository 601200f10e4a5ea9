import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconRefresh, IconScissors, IconTrash } from '@tabler/icons-react';
import type { PayableFile } from '@taxrecon/contracts';
import { formatInr, paiseOrZero } from '@taxrecon/shared';
import { actionsColumn, DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { formatCount, formatDateTime, formatFinancialYear, formatMonth } from '../../lib/format.ts';
import { formatFileSize } from './payable-options.ts';

interface FolderTableProps {
  files: readonly PayableFile[];
  fetching: boolean;
  testId: string;
  exportName: string;
  pageSize?: number;
  // amounts are shown for ledgers (expense, payments), not for a sales register
  showTotals?: boolean;
  onRefresh?: () => void;
  onDownload?: (file: PayableFile) => void;
  onDelete?: (file: PayableFile) => Promise<void>;
  // offered on output files: "split into monthly files"
  onSplit?: (file: PayableFile) => void;
}

const rupees = (text: string | null) => (text === null ? '' : formatInr(paiseOrZero(text)));

// The "Folder Details" table of the upload screens: files by year and month
// with their size, upload time and the control totals read at upload.
export function FolderTable(props: FolderTableProps) {
  const { testId } = props;
  const confirmDelete = (file: PayableFile) =>
    modals.openConfirmModal({
      title: 'Confirm',
      children: (
        <Text size="sm">
          The data deleted cannot be recovered. Do you want to permanently delete {file.fileName}?
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': `${testId}-delete-confirm` },
      onConfirm: () => void props.onDelete?.(file),
    });

  // Actions first: at the end they were scrolled out of view at 1440 px, as on
  // the other wide grids (challans, search results).
  const columns: GridColumn<PayableFile>[] = [
    actionsColumn((f) => (
      <Group gap={4} wrap="nowrap">
        {props.onDownload && (
          <Tooltip label="Download">
            <ActionIcon
              variant="subtle"
              aria-label={`Download ${f.fileName}`}
              onClick={() => props.onDownload?.(f)}
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {props.onSplit && f.kind === 'expense-output' && (
          <Tooltip label="Split into monthly files">
            <ActionIcon
              variant="subtle"
              aria-label={`Split ${f.fileName} into monthly files`}
              onClick={() => props.onSplit?.(f)}
              data-testid={`${testId}-split`}
            >
              <IconScissors size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {props.onDelete && (
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${f.fileName}`}
              onClick={() => confirmDelete(f)}
              data-testid={`${testId}-delete`}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    )),
    { accessor: 'fileName', title: 'File Name', value: (f) => f.fileName },
    {
      accessor: 'financialYear',
      title: 'FY',
      value: (f) => formatFinancialYear(f.financialYear),
      // '2024-25': the long form pushed the TDS total out of view at 1440 px
      render: (f) => f.financialYear,
      noWrap: true,
    },
    {
      accessor: 'financialMonth',
      title: 'Month',
      value: (f) => f.financialMonth ?? '',
      render: (f) =>
        f.financialMonth ? formatMonth(f.financialMonth) : f.kind === 'expense-output' ? 'Output file' : '',
      noWrap: true,
    },
    {
      accessor: 'fileSize',
      title: 'Size',
      value: (f) => f.fileSize,
      render: (f) => formatFileSize(f.fileSize),
      textAlign: 'right',
    },
    {
      accessor: 'lastUploadedDate',
      title: 'Last Uploaded',
      value: (f) => f.lastUploadedDate,
      // date over time, so the amounts to its right stay in view
      render: (f) => {
        const [day, time] = formatDateTime(f.lastUploadedDate).split(', ');
        return (
          <Text size="sm" lh={1.3}>
            {day}
            <br />
            <Text span size="xs" c="dimmed">
              {time}
            </Text>
          </Text>
        );
      },
    },
    {
      accessor: 'rows',
      title: 'Rows',
      value: (f) => f.rows,
      render: (f) => (f.rows === null ? '' : formatCount(f.rows)),
      textAlign: 'right',
    },
    ...(props.showTotals === false
      ? []
      : ([
          {
            accessor: 'baseTotal',
            title: 'Base Amount',
            value: (f) => (f.baseTotal === null ? null : Number(f.baseTotal)),
            render: (f) => rupees(f.baseTotal),
            textAlign: 'right',
            noWrap: true,
          },
          {
            accessor: 'tdsTotal',
            title: 'TDS',
            value: (f) => (f.tdsTotal === null ? null : Number(f.tdsTotal)),
            render: (f) => rupees(f.tdsTotal),
            textAlign: 'right',
            noWrap: true,
          },
        ] satisfies GridColumn<PayableFile>[])),
    {
      accessor: 'problems',
      title: 'Problems',
      value: (f) => f.problems,
      render: (f) =>
        f.problems > 0 ? (
          <Text c="orange" size="sm">
            {formatCount(f.problems)}
          </Text>
        ) : (
          '0'
        ),
      textAlign: 'right',
    },
  ];

  return (
    <DataGrid
      records={props.files}
      columns={columns}
      idAccessor={(f) => f.id}
      pageSize={props.pageSize ?? 50}
      exportName={props.exportName}
      fetching={props.fetching}
      noRecordsText="No Results Found"
      testId={testId}
      initialSort={{ accessor: 'lastUploadedDate', direction: 'desc' }}
      toolbar={
        props.onRefresh && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={16} />}
            onClick={props.onRefresh}
            data-testid={`${testId}-refresh`}
          >
            Refresh
          </Button>
        )
      }
    />
  );
}
