import { type ComponentType, lazy } from 'react';

// The screens built so far, by SCREENS path. Every other screen shows Coming Soon
// until the release of its part of the product adds it here.
export const PAGES: Readonly<Record<string, ComponentType>> = {
  '/': lazy(() => import('./features/home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  '/jobs/all': lazy(() => import('./features/jobs/JobsPage.tsx').then((m) => ({ default: m.JobsPage }))),
  '/data-quality': lazy(() =>
    import('./features/data-quality/DataQualityPage.tsx').then((m) => ({ default: m.DataQualityPage })),
  ),
  '/profile': lazy(() =>
    import('./features/profile/ProfilePage.tsx').then((m) => ({ default: m.ProfilePage })),
  ),
  '/about': lazy(() => import('./features/about/AboutPage.tsx').then((m) => ({ default: m.AboutPage }))),
  '/help': lazy(() => import('./features/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage }))),
  '/manage-entities': lazy(() =>
    import('./features/admin/ManageEntitiesPage.tsx').then((m) => ({ default: m.ManageEntitiesPage })),
  ),
  '/utilities': lazy(() =>
    import('./features/utilities/UtilitiesPage.tsx').then((m) => ({ default: m.UtilitiesPage })),
  ),
  '/empty': lazy(() =>
    import('./features/placeholder/EmptyPage.tsx').then((m) => ({ default: m.EmptyPage })),
  ),
};
