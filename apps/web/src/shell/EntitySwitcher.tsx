import { Button, Combobox, Text, useCombobox } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuilding, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { platformRoutes } from '@taxrecon/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { call, errorMessage } from '../api/client.ts';
import { useApiQuery } from '../api/hooks.ts';

// The top bar's entity dropdown. Switching tells the server, returns home and
// reloads every query, so all that is shown belongs to the new entity.
export function EntitySwitcher() {
  const entities = useApiQuery(platformRoutes.entities, {});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  const list = entities.data ?? [];
  if (list.length <= 1) return null;
  const current = list.find((e) => e.current) ?? list[0];
  const shown = list.filter((e) => e.subGroupDescription.toLowerCase().includes(search.trim().toLowerCase()));

  const choose = async (id: string) => {
    combobox.closeDropdown();
    const entity = list.find((e) => e.id === id);
    if (!entity || entity.id === current?.id) return;
    setBusy(true);
    try {
      await call(platformRoutes.switchEntity, { params: { id: entity.id, subGroupId: entity.subGroupId } });
      // Leave the old entity's screen first, then drop every query nobody shows
      // any more (they name the old entity's jobs, which now answer 404), and
      // refetch the rest for the new entity.
      await queryClient.cancelQueries();
      navigate('/');
      await new Promise((resolve) => setTimeout(resolve, 0));
      queryClient.removeQueries({ predicate: (q) => q.getObserversCount() === 0 });
      await queryClient.resetQueries();
      notifications.show({ color: 'green', message: `Now working in ${entity.subGroupDescription}` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not switch entity', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} width={280} position="bottom-end" withinPortal>
      <Combobox.Target>
        <Button
          variant="light"
          size="sm"
          loading={busy}
          leftSection={<IconBuilding size={16} />}
          rightSection={<IconChevronDown size={14} />}
          onClick={() => combobox.toggleDropdown()}
          aria-label="Switch entity"
          data-testid="entity-switcher"
          maw={240}
        >
          <Text size="sm" truncate>
            {current?.subGroupDescription}
          </Text>
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Filter entities"
          aria-label="Filter entities"
          data-testid="entity-filter"
        />
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {shown.length === 0 && <Combobox.Empty>No entity matches</Combobox.Empty>}
          {shown.map((e) => (
            <Combobox.Option
              value={e.id}
              key={e.id}
              active={e.current}
              data-testid={`entity-option-${e.subGroupId}`}
            >
              <Text size="sm" fw={e.current ? 600 : 400} span>
                {e.current && <IconCheck size={14} style={{ marginRight: 6, verticalAlign: -2 }} />}
                {e.subGroupDescription}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
