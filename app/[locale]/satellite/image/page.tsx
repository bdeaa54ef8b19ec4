import type { Metadata } from 'next';
import { renderTypicalImageIndex, typicalImageIndexMetadata } from '../_server/typical-image-routes';
import type { Locale } from '@/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

// Static: the index reads no data (the pages it links to are rendered on request).
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return typicalImageIndexMetadata(locale);
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  return renderTypicalImageIndex(locale);
}
