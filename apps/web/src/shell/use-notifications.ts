import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { NotificationMessage, WEBSOCKET_PATH } from '@taxrecon/contracts';
import { useEffect } from 'react';
import { isJobQuery } from '../api/hooks.ts';

const COLORS: Record<NotificationMessage['msgType'], string> = {
  info: 'blue',
  success: 'green',
  warn: 'yellow',
  error: 'red',
};

// The per-user notification topic: each message becomes a notification, and the
// job lists are refreshed since a message usually means a job moved on.
export function useNotifications(token: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 2000;
    let stopped = false;

    const connect = () => {
      const opened = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${WEBSOCKET_PATH}`);
      socket = opened;
      // The token goes in the first message, not the URL, so it stays out of server and proxy logs.
      opened.onopen = () => {
        delay = 2000;
        opened.send(JSON.stringify({ token }));
      };
      socket.onmessage = (event) => {
        let json: unknown;
        try {
          json = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const message = NotificationMessage.safeParse(json);
        // the server greets every new connection; that is not news for the user
        if (!message.success || (message.data.msg === 'connected' && !message.data.detail)) return;
        notifications.show({
          title: message.data.msg,
          message: message.data.detail,
          color: COLORS[message.data.msgType],
          autoClose: 10_000,
        });
        void queryClient.invalidateQueries({ predicate: (q) => isJobQuery(q.queryKey) });
      };
      socket.onclose = (event) => {
        // 1008 or 4401: the server refused the token; signing in again opens a new connection
        if (stopped || event.code === 1008 || event.code === 4401) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 60_000);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [token, queryClient]);
}
