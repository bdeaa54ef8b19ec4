import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { analysisMetadata, renderAnalysis } from '../../_server/analysis-routes';
import type { Locale } from '@/i18n/routing';
import { ANALYSIS_PAGES, includes } from '@/lib/shared/satellites/model';

type Props = { params: Promise<{ locale: Locale; page: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, page } = await params;
  return includes(ANALYSIS_PAGES, page) ? analysisMetadata(locale, page) : {};
}

export default async function Page({ params }: Props) {
  const { locale, page } = await params;
  if (!includes(ANALYSIS_PAGES, page)) notFound();
  return renderAnalysis(locale, page);
}
