import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { renderSoftwareGrid, renderSoftwarePage, softwareGridMetadata, softwarePageMetadata } from '../../_server/share-routes';
import type { Locale } from '@/i18n/routing';

// One optional catch-all for the grid (/software) and the pages (/software/{slug}), so both render on
// first request and are cached (ISR): the build has no database.
type Props = { params: Promise<{ locale: Locale; slug?: string[] }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!slug) return softwareGridMetadata(locale);
  return slug.length === 1 ? softwarePageMetadata(locale, slug[0]!) : {};
}

export default async function Page({ params }: Props) {
  const { locale, slug } = await params;
  if (!slug) return renderSoftwareGrid(locale);
  if (slug.length !== 1) notFound();
  return renderSoftwarePage(locale, slug[0]!);
}
