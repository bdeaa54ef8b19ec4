'use client';

import './mantine-screen-styles';
import { Notifications as MantineNotifications, type NotificationsProps } from '@mantine/notifications';
import { MantineScope } from './mantine-scope';

/** Mantine's notification list with its stylesheets and provider, loaded with the first notification (notifications-host.tsx). */
export function Notifications(props: NotificationsProps) {
  return (
    <MantineScope>
      <MantineNotifications {...props} />
    </MantineScope>
  );
}
