import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { renderShareListPage, shareListMetadata } from '../../../../_server/share-routes';
import { pageNumber } from '@/components/ui/link-pagination';
import type { Locale } from '@/i18n/routing';
import { isFileShareList } from '@/lib/shared/share/paths';

type Props = { params: Promise<{ locale: Locale; list: string; n: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, list, n } = await params;
  const page = pageNumber(n);
  return isFileShareList(list) && page ? shareListMetadata(locale, list, page) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list, n } = await params;
  if (!isFileShareList(list)) notFound();
  return renderShareListPage(locale, list, n);
}
