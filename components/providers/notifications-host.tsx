'use client';

import { useNotifications } from '@mantine/notifications';
import dynamic from 'next/dynamic';
import { useState } from 'react';

// The notification list (transitions, portal, close buttons, scroll-lock classes) loads with the first
// notification, not with every page: most visits never see one. `notifications.show()` only writes to
// the small store below, which keeps what was shown until the list is there to display it.
const Notifications = dynamic(() => import('./notifications-list').then((m) => m.Notifications), { ssr: false });

/** Mounts Mantine's notification list from the first notification on (and keeps it, so closing animates). */
export function NotificationsHost() {
  const state = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && state.notifications.length + state.queue.length > 0) setWanted(true);
  return wanted ? <Notifications position="top-center" /> : null;
}
