import { type NotificationData, notifications } from '@mantine/notifications';

// A page notice speaks of what is on one screen (a report that could not be
// made for the year chosen there); it goes when the person moves to another
// screen, where it would only mislead. Job and server notices stay: they are
// shown with notifications.show and are none of this module's.
const shown = new Set<string>();
let next = 0;

export const showPageNotice = (data: NotificationData): string => {
  next += 1;
  const id = `page-notice-${next}`;
  shown.add(id);
  notifications.show({
    ...data,
    id,
    onClose: (props) => {
      shown.delete(id);
      data.onClose?.(props);
    },
  });
  return id;
};

// Called by the shell when the route's path changes.
export const clearPageNotices = (): void => {
  for (const id of shown) notifications.hide(id);
  shown.clear();
};
