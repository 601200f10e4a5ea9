import { Anchor, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { type OutboxMessage, platformRoutes } from '@taxrecon/contracts';
import { Fragment } from 'react';
import { useApiQuery } from '../../api/hooks.ts';
import { DataGrid, type GridColumn } from '../../components/DataGrid.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { formatDateTime } from '../../lib/format.ts';

// Mail text with its links clickable (registration and reset links live here when no SMTP server is set).
function MailText({ text }: { text: string }) {
  let at = 0;
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g).map((part) => {
    const start = at;
    at += part.length;
    return { part, start, link: /^https?:\/\//.test(part) };
  });
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="outbox-text">
      {parts.map(({ part, start, link }) =>
        link ? (
          <Anchor key={start} href={part} size="sm">
            {part}
          </Anchor>
        ) : (
          <Fragment key={start}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

const COLUMNS: readonly GridColumn<OutboxMessage>[] = [
  {
    accessor: 'createdAt',
    title: 'Date Time',
    noWrap: true,
    value: (m) => m.createdAt,
    render: (m) => formatDateTime(m.createdAt),
  },
  { accessor: 'to', title: 'To', value: (m) => m.to },
  { accessor: 'subject', title: 'Subject', value: (m) => m.subject },
  {
    accessor: 'text',
    title: 'Text',
    value: (m) => m.text,
    render: (m) => (
      <Text size="xs" lineClamp={1}>
        {m.text}
      </Text>
    ),
  },
];

export function OutboxTab() {
  const outbox = useApiQuery(platformRoutes.outbox, {});
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        E-mails kept here because no SMTP server is configured. Click a row to read it.
      </Text>
      {outbox.isError && <QueryError error={outbox.error} />}
      <DataGrid
        records={outbox.data ?? []}
        columns={COLUMNS}
        idAccessor={(m) => m.id}
        fetching={outbox.isFetching && !outbox.data}
        exportName="outbox"
        initialSort={{ accessor: 'createdAt', direction: 'desc' }}
        noRecordsText="The outbox is empty"
        testId="outbox-table"
        rowExpansion={{ content: ({ record }) => <MailText text={record.text} /> }}
        toolbar={
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => outbox.refetch()}
            loading={outbox.isRefetching}
          >
            Refresh
          </Button>
        }
      />
    </>
  );
}
