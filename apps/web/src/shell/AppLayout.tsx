import { AppShell, Divider } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getSession } from '../api/session.ts';
import { clearPageNotices } from '../lib/page-notices.ts';
import { ProfileBlock } from './ProfileBlock.tsx';
import { RightPanel } from './RightPanel.tsx';
import { SideMenu } from './SideMenu.tsx';
import { SnapshotDialog } from './SnapshotDialog.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { TopBar } from './TopBar.tsx';
import { useNotifications } from './use-notifications.ts';

function Shell() {
  const { token } = useSession();
  const wide = useMediaQuery('(min-width: 1600px)');
  const [mobileMenu, mobile] = useDisclosure(false);
  const [desktopMenu, desktop] = useDisclosure(true);
  const [aside, asideControl] = useDisclosure(false);
  const [snapshots, snapshotControl] = useDisclosure(false);
  useNotifications(token);
  const { pathname } = useLocation();
  // a page's notices leave with it (a report warning must not follow the person)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => clearPageNotices(), [pathname]);

  // the right panel starts open on screens wide enough to keep the page readable beside it
  useEffect(() => {
    if (wide) asideControl.open();
  }, [wide, asideControl]);

  const toggleMenu = () => {
    mobile.toggle();
    desktop.toggle();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !mobileMenu, desktop: !desktopMenu } }}
      aside={{ width: 300, breakpoint: 'md', collapsed: { mobile: !aside, desktop: !aside } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          menuOpened={mobileMenu || desktopMenu}
          onToggleMenu={toggleMenu}
          onToggleAside={asideControl.toggle}
          onOpenSnapshots={snapshotControl.open}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <ProfileBlock onNavigate={mobile.close} />
        <Divider />
        <SideMenu onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Aside data-testid="right-panel">
        <RightPanel />
      </AppShell.Aside>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <SnapshotDialog opened={snapshots} onClose={snapshotControl.close} />
    </AppShell>
  );
}

// The signed-in application shell; without a stored session, the sign-in page.
export function AppLayout() {
  const stored = getSession();
  if (!stored) return <Navigate to="/login" replace />;
  return (
    <SessionProvider stored={stored}>
      <Shell />
    </SessionProvider>
  );
}
