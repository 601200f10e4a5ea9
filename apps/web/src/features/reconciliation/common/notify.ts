import { notifications } from '@mantine/notifications';
import { fillPath } from '@taxrecon/contracts';
import { download, errorNotice } from '../../../api/client.ts';
import { showPageNotice } from '../../../lib/page-notices.ts';

// Spec section 8: most failures read 'Cannot access the App. Is the App
// running?' under 'Error occurred', or the server's own message when it sent one.
export const notifyError = (error: unknown, fallback?: string): void => {
  notifications.show({ color: 'red', ...errorNotice(error, fallback) });
};

export const notifySuccess = (message: string, title?: string): void => {
  notifications.show({ color: 'green', title, message });
};

// A warning is about the page it was raised on: it goes when the person
// navigates away (lib/page-notices.ts), else after 30 seconds.
export const notifyWarning = (message: string, title?: string): void => {
  showPageNotice({ color: 'orange', title, message, autoClose: 30_000 });
};

const queryString = (query: Record<string, string | undefined> = {}): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

// Saves a file answer of a binary route of the contract (zip, csv, 26AS text).
export const downloadRoute = async (
  route: { method: string; path: string },
  params: Record<string, string>,
  fallbackName: string,
  query?: Record<string, string | undefined>,
): Promise<void> => {
  const method = route.method === 'POST' ? 'POST' : 'GET';
  await download(method, `${fillPath(route.path, params)}${queryString(query)}`, fallbackName);
};
