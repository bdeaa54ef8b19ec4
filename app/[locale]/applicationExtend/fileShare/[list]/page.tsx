import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { renderShareList, shareListMetadata } from '../../_server/share-routes';
import type { Locale } from '@/i18n/routing';
import { isFileShareList } from '@/lib/shared/share/paths';

type Props = { params: Promise<{ locale: Locale; list: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, list } = await params;
  return isFileShareList(list) ? shareListMetadata(locale, list) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list } = await params;
  if (!isFileShareList(list)) notFound();
  return renderShareList(locale, list);
}
