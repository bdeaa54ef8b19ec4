import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/**
 * next-intl's redirect, for server components (pages that send a visitor elsewhere). The browser's Link, router and
 * pathname are ./navigation.ts's, which do without next-intl's navigation code (issue 32.5).
 */
export const { redirect } = createNavigation(routing);
