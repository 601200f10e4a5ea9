import { notifications } from '@mantine/notifications';
import { errorNotice } from '../../../api/client.ts';

// Spec part 3 section 8: failures show under 'Error occurred' with the server's
// message when it sent one, else the screen's own fallback.
export const notifyError = (error: unknown, fallback?: string): void => {
  notifications.show({ color: 'red', ...errorNotice(error, fallback) });
};

export const notifySuccess = (message: string, title?: string): void => {
  notifications.show({ color: 'green', title, message });
};
