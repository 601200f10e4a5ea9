import { Center, Loader } from '@mantine/core';
import type { Screen } from '@taxrecon/contracts';
import { type ComponentType, Suspense } from 'react';
import { Navigate } from 'react-router';
import { NoPermissionPage } from '../features/errors/ErrorPage.tsx';
import { ComingSoonPage } from '../features/placeholder/ComingSoonPage.tsx';
import { useScreenTitle } from '../lib/page-title.ts';
import { useSession } from './session.tsx';

// One screen of the spec behind its guard: roles without the full route set only
// reach utility screens (others send them to /utilities); a full user lacking the
// screen's permission is told so.
export function ScreenRoute({ screen, page: Page }: { screen: Screen; page?: ComponentType }) {
  const { isFull, permissions } = useSession();
  useScreenTitle(screen.title);
  if (!isFull && !screen.utility) return <Navigate to="/utilities" replace />;
  if (isFull && screen.permission && !permissions.includes(screen.permission)) {
    return <NoPermissionPage title={screen.title} />;
  }
  if (!Page) return <ComingSoonPage screen={screen} />;
  return (
    <Suspense
      fallback={
        <Center mih="40vh">
          <Loader />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}
