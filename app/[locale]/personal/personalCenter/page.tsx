import { redirect } from '@/i18n/server-navigation';
import type { Locale } from '@/i18n/routing';

/** The personal center opens on the profile. */
export default async function PersonalCenter({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  redirect({ href: '/personal/personalCenter/info', locale });
}
