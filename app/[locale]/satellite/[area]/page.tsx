import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { areaOfSegment, renderSatelliteIndex, satelliteIndexMetadata } from '../_server/satellite-routes';
import type { Locale } from '@/i18n/routing';

type Props = { params: Promise<{ locale: Locale; area: string }> };

// Rendered on first request (the build has no database), then cached for five minutes.
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, area } = await params;
  const a = areaOfSegment(area);
  return a ? satelliteIndexMetadata(locale, a) : {};
}

export default async function Page({ params }: Props) {
  const { locale, area } = await params;
  const a = areaOfSegment(area);
  if (!a) notFound();
  return renderSatelliteIndex(locale, a);
}
