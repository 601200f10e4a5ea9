import { Button, Group } from '@mantine/core';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { FORM26Q_MESSAGES, type Form26qFile, fillPath, form26qRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { download } from '../../api/client.ts';
import { actionsColumn, type GridColumn } from '../../components/DataGrid.tsx';
import { yearLabel } from '../../lib/financial-years.ts';
import { formatDateTime } from '../../lib/format.ts';
import { inr, rupees } from '../payable/common/money.ts';
import { notifyError } from '../payable/common/notify.ts';

// The list of reconciled returns: a row a filed 26Q, with its buttons.

function DownloadButton({ file }: { file: Form26qFile }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={async (event) => {
        event.stopPropagation();
        setBusy(true);
        try {
          await download(
            'GET',
            fillPath(form26qRoutes.form26qDownload.path, {
              hash: file.id,
              financialYear: file.financialYear,
              quarter: file.quarter,
              fileName: file.resultFileName,
            }),
            file.resultFileName,
          );
        } catch (error) {
          notifyError(error, FORM26Q_MESSAGES.downloadFailed);
        } finally {
          setBusy(false);
        }
      }}
      data-testid={`form26q-download-${file.id}`}
    >
      Download
    </Button>
  );
}

// The row's buttons first, where they stay in view beside the amounts; a
// click on the row opens it too. At 1440 px the ten columns fit only if the
// buttons may stack, the file name may wrap and the numbers carry no text filter.
export const fileColumns = (open: (f: Form26qFile) => void): GridColumn<Form26qFile>[] => [
  actionsColumn((f) => (
    <Group gap={6}>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconEye size={14} />}
        onClick={(event) => {
          event.stopPropagation();
          open(f);
        }}
        data-testid={`form26q-open-${f.id}`}
      >
        Open
      </Button>
      <DownloadButton file={f} />
    </Group>
  )),
  {
    accessor: 'fileName',
    title: 'File',
    value: (f) => f.fileName,
    sortable: true,
    filterable: true,
  },
  {
    accessor: 'financialYear',
    title: 'Year',
    value: (f) => yearLabel(f.financialYear),
    sortable: true,
    filterable: true,
  },
  { accessor: 'quarter', title: 'Quarter', value: (f) => f.quarter, sortable: true, filterable: true },
  {
    accessor: 'rows',
    title: 'Rows',
    value: (f) => f.rows,
    sortable: true,
    filterable: false,
    textAlign: 'right',
  },
  {
    accessor: 'problems',
    title: 'Differences',
    value: (f) => Object.entries(f.counts).reduce((n, [s, c]) => (s === 'Matched' ? n : n + c), 0),
    sortable: true,
    filterable: false,
    textAlign: 'right',
  },
  {
    accessor: 'returnTds',
    title: 'Return TDS',
    value: (f) => rupees(f.returnTds),
    render: (f) => inr(f.returnTds),
    sortable: true,
    filterable: false,
    textAlign: 'right',
  },
  {
    accessor: 'bookDeducted',
    title: 'Books deducted',
    value: (f) => rupees(f.bookDeducted),
    render: (f) => inr(f.bookDeducted),
    sortable: true,
    filterable: false,
    textAlign: 'right',
  },
  { accessor: 'createdBy', title: 'By', value: (f) => f.createdBy, filterable: true },
  {
    accessor: 'createdAt',
    title: 'When',
    value: (f) => f.createdAt,
    render: (f) => formatDateTime(f.createdAt),
    sortable: true,
    filterable: false,
  },
];
