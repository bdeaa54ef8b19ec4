import { redirect } from '@/i18n/server-navigation';
import type { Locale } from '@/i18n/routing';

/** The satellite section opens on the Chinese satellites. */
export default async function SatelliteSection({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  redirect({ href: '/satellite/chinese', locale });
}
