'use client';

import './mantine-screen-styles';

/** Mantine's notification list with its stylesheets, loaded with the first notification (notifications-host.tsx). */
export { Notifications } from '@mantine/notifications';
