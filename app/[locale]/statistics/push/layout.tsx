import type { ReactNode } from 'react';
import { MantineScope } from '@/components/providers/mantine-scope';

/** A screen drawn with Mantine's components: Mantine's provider here, not on the content pages (issue 32.5). */
export default function Layout({ children }: { children: ReactNode }) {
  return <MantineScope>{children}</MantineScope>;
}
