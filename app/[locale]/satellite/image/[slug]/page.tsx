import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { renderTypicalImage, typicalImageMetadata } from '../../_server/typical-image-routes';
import type { Locale } from '@/i18n/routing';
import { includes, TYPICAL_IMAGE_SLUGS } from '@/lib/shared/satellites/model';

type Props = { params: Promise<{ locale: Locale; slug: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  return includes(TYPICAL_IMAGE_SLUGS, slug) ? typicalImageMetadata(locale, slug) : {};
}

export default async function Page({ params }: Props) {
  const { locale, slug } = await params;
  if (!includes(TYPICAL_IMAGE_SLUGS, slug)) notFound();
  return renderTypicalImage(locale, slug);
}
