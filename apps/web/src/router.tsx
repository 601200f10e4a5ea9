import { SCREENS } from '@taxrecon/contracts';
import { createHashRouter, type RouteObject } from 'react-router';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RegisterPage } from './features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage.tsx';
import { VerifyRegistrationPage } from './features/auth/VerifyRegistrationPage.tsx';
import { ErrorPage, NotFoundPage } from './features/errors/ErrorPage.tsx';
import { PAGES } from './pages.ts';
import { AppLayout } from './shell/AppLayout.tsx';
import { ScreenRoute } from './shell/ScreenRoute.tsx';

const screenRoutes: RouteObject[] = SCREENS.map((screen) =>
  screen.path === '/'
    ? { index: true, element: <ScreenRoute screen={screen} page={PAGES[screen.path]} /> }
    : { path: screen.path, element: <ScreenRoute screen={screen} page={PAGES[screen.path]} /> },
);

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:userId', element: <ResetPasswordPage /> },
  { path: '/verify-registration/:userId', element: <VerifyRegistrationPage /> },
  { path: '/error', element: <ErrorPage /> },
  { path: '/notfound', element: <NotFoundPage /> },
  { path: '/not-found', element: <NotFoundPage /> },
  {
    // any other path belongs to the signed-in application shell
    path: '/',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [...screenRoutes, { path: '*', element: <NotFoundPage /> }],
  },
];

export const router = createHashRouter(routes);
