'use client';

import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The notification list (transitions, portal, close buttons, scroll-lock classes) loads with the first
// notification, not with every page: most visits never see one. `notifications.show()` only writes to
// the small store below, which keeps what was shown until the list is there to display it.
// React's lazy, not next/dynamic: the list never renders on the server, and next/dynamic's loader would itself add
// about 2 KB gzip to every page's first load (issue 32.5).
const Notifications = lazy(() => import('./notifications-list').then((m) => ({ default: m.Notifications })));

/** Mounts Mantine's notification list from the first notification on (and keeps it, so closing animates). */
export function NotificationsHost() {
  const state = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && state.notifications.length + state.queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
}
