import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { areaOfSegment, renderSatellite, satelliteMetadata } from '../../_server/satellite-routes';
import type { Locale } from '@/i18n/routing';

type Props = { params: Promise<{ locale: Locale; area: string; slug: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, area, slug } = await params;
  const a = areaOfSegment(area);
  return a ? satelliteMetadata(locale, a, slug) : {};
}

export default async function Page({ params }: Props) {
  const { locale, area, slug } = await params;
  const a = areaOfSegment(area);
  if (!a) notFound();
  return renderSatellite(locale, a, slug);
}
