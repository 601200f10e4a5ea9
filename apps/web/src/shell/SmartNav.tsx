import { Badge, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './session.tsx';
import { smartNavMatches } from './smart-nav.ts';

export const SMART_NAV_PLACEHOLDER = 'Smart Navigation - Type anything eg: TDS';

export function SmartNav() {
  const { role, permissions } = useSession();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState('');
  const matches = smartNavMatches(query, role, permissions);

  const choose = (path: string) => {
    setQuery('');
    combobox.closeDropdown();
    navigate(path);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target>
        <TextInput
          w="100%"
          maw={460}
          radius="xl"
          placeholder={SMART_NAV_PLACEHOLDER}
          aria-label="Smart Navigation"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => query && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          data-testid="smart-nav-input"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!query.trim()}>
        <Combobox.Options data-testid="smart-nav-options">
          {matches.length === 0 ? (
            <Combobox.Empty>No screen matches</Combobox.Empty>
          ) : (
            matches.map((screen) => (
              <Combobox.Option
                value={screen.path}
                key={screen.path}
                data-testid={`smart-nav-option-${screen.path}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm">{screen.title}</Text>
                  <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                    {screen.category}
                  </Badge>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
