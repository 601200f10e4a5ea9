import { Paper, Stack, Tabs } from '@mantine/core';
import { IconBuilding, IconMail, IconUsers } from '@tabler/icons-react';
import { platformRoutes } from '@taxrecon/contracts';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryError.tsx';
import { useSession } from '../../shell/session.tsx';
import { EntitiesTab } from './EntitiesTab.tsx';
import { OutboxTab } from './OutboxTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export function ManageEntitiesPage() {
  const { isAdmin, permissions } = useSession();
  const [search, setSearch] = useSearchParams();
  const entities = useApiQuery(platformRoutes.legalEntities, {});
  const showOutbox = isAdmin && permissions.includes('ADMIN_OPERATIONS');
  const requested = search.get('tab') ?? 'entities';
  const tab = requested === 'outbox' && !showOutbox ? 'entities' : requested;

  return (
    <Stack gap={0}>
      {/* Admin › E-mail Outbox opens this page on its outbox tab, and says so */}
      <PageHeader
        title={tab === 'outbox' ? 'E-mail Outbox' : 'Manage Legal Entities and Users'}
        subtitle={
          tab === 'outbox'
            ? 'E-mails the application has sent'
            : 'Legal entities of your organisation and who may work in each'
        }
      />
      {entities.isError && <QueryError error={entities.error} />}
      <Paper withBorder radius="lg" p="md">
        <Tabs
          value={tab}
          onChange={(value) =>
            setSearch(value && value !== 'entities' ? { tab: value } : {}, { replace: true })
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="entities" leftSection={<IconBuilding size={16} />} data-testid="tab-entities">
              Legal Entities
            </Tabs.Tab>
            <Tabs.Tab value="users" leftSection={<IconUsers size={16} />} data-testid="tab-users">
              Users
            </Tabs.Tab>
            {showOutbox && (
              <Tabs.Tab value="outbox" leftSection={<IconMail size={16} />} data-testid="tab-outbox">
                E-mail Outbox
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="entities">
            <EntitiesTab entities={entities.data ?? []} fetching={entities.isFetching && !entities.data} />
          </Tabs.Panel>
          <Tabs.Panel value="users">
            <UsersTab entities={entities.data ?? []} />
          </Tabs.Panel>
          {showOutbox && (
            <Tabs.Panel value="outbox">
              <OutboxTab />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>
    </Stack>
  );
}
