import { useEffect, useLayoutEffect } from 'react';

// The browser tab names the page, so a person with several tabs open finds the
// one they want: 'Rule Sets · TaxRecon'.
export const APP_NAME = 'TaxRecon';

export const pageTitle = (title: string): string => {
  const name = title.trim();
  return name ? `${name} · ${APP_NAME}` : APP_NAME;
};

// The screen's catalogue title, set as the route is entered (layout effect) so
// that a page heading naming more (E-mail Outbox, a customer) set later wins.
export const useScreenTitle = (title: string): void => {
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};

// The heading a page shows.
export const usePageTitle = (title: string): void => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};
