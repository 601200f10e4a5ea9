import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../api/client.ts';

export const notifyDone = (message: string): void => {
  notifications.show({ color: 'green', title: 'Done', message, autoClose: 10_000 });
};

export const notifyFailed = (error: unknown, fallback: string): void => {
  notifications.show({
    color: 'red',
    title: fallback,
    message: errorMessage(error, fallback),
    autoClose: 10_000,
  });
};
