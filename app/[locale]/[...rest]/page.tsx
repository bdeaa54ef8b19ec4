import { redirect } from '@/i18n/server-navigation';
import type { Locale } from '@/i18n/routing';

/** Unknown paths go home (spec §2); the proxy normally answers first, this is the backstop. */
export default async function UnknownPath({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  redirect({ href: '/home', locale });
}
