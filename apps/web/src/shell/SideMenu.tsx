import { NavLink, ScrollArea } from '@mantine/core';
import {
  IconAdjustments,
  IconApps,
  IconBuildingCommunity,
  IconDatabase,
  IconFileDescription,
  IconFiles,
  IconHelp,
  IconLayoutDashboard,
  IconListCheck,
  IconMessages,
  IconReportAnalytics,
  IconScale,
  IconSparkles,
  IconStack2,
  IconTool,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { groupContains, isActiveLink, isGroup, type MenuGroup, type MenuLink, visibleMenu } from './menu.ts';
import { useSession } from './session.tsx';

const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  Admin: IconAdjustments,
  Dashboards: IconLayoutDashboard,
  'Data Management': IconDatabase,
  'Docs Management': IconFiles,
  'Master Data': IconUsersGroup,
  Reconciliation: IconScale,
  'Follow ups': IconMessages,
  'Data Admin': IconTrash,
  Reports: IconReportAnalytics,
  'Jobs Management': IconListCheck,
  Utilities: IconTool,
  'Smart Recon': IconSparkles,
  'Bulk Smart Recon': IconStack2,
  'Entity Management': IconBuildingCommunity,
  Help: IconHelp,
};

const testId = (to: string) => `menu-${to}`;

function LinkItem({
  item,
  label,
  icon,
  onNavigate,
}: {
  item: MenuLink;
  label?: string;
  icon?: ReactNode;
  onNavigate: () => void;
}) {
  const location = useLocation();
  const active = isActiveLink(item.to, location.pathname, location.search);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={label ?? item.label}
      leftSection={icon}
      active={active}
      onClick={onNavigate}
      data-testid={testId(item.to)}
    />
  );
}

function MenuGroupItem({
  group,
  depth,
  onNavigate,
}: {
  group: MenuGroup;
  depth: number;
  onNavigate: () => void;
}) {
  const { pathname, search } = useLocation();
  const [opened, setOpened] = useState(() => groupContains(group, pathname, search));
  const Icon = depth === 0 ? (ICONS[group.label] ?? IconApps) : null;
  const only = group.items[0];
  // a top-level group with a single screen is a plain link named after the group
  if (depth === 0 && group.items.length === 1 && only && !isGroup(only)) {
    return (
      <LinkItem
        item={only}
        label={group.label}
        icon={Icon && <Icon size={18} stroke={1.6} />}
        onNavigate={onNavigate}
      />
    );
  }
  return (
    <NavLink
      label={group.label}
      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : <IconFileDescription size={16} stroke={1.4} />}
      opened={opened}
      onChange={setOpened}
      childrenOffset={depth === 0 ? 28 : 14}
      data-testid={`menu-group-${group.label}`}
    >
      {group.items.map((node) =>
        isGroup(node) ? (
          <MenuGroupItem key={node.label} group={node} depth={depth + 1} onNavigate={onNavigate} />
        ) : (
          <LinkItem key={node.to} item={node} onNavigate={onNavigate} />
        ),
      )}
    </NavLink>
  );
}

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const { role, permissions, isFull } = useSession();
  const groups = visibleMenu(role, permissions, isFull);
  return (
    <ScrollArea
      type="scroll"
      style={{ flex: 1 }}
      component="nav"
      aria-label="Main menu"
      data-testid="side-menu"
    >
      {groups.map((group) => (
        <MenuGroupItem key={group.label} group={group} depth={0} onNavigate={onNavigate} />
      ))}
    </ScrollArea>
  );
}
