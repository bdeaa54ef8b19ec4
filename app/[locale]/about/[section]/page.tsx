import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { FAQ_PATH, FaqPage, faqMetadata } from '@/components/about/faq-page';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { listFaq } from '@/lib/server/faq';
import { absolutePageUrl } from '@/lib/server/site';

type Props = { params: Promise<{ locale: Locale; section: string }> };

/**
 * /about/FAQ. The FAQ lives in the database and the build has none, so the page must render on first
 * request (ISR). A page without a dynamic segment of its own would be prerendered for every locale at
 * build time; behind `[section]` with no static params it is not. Only `FAQ` exists here; the other
 * /about screens are static folders, which take precedence.
 */
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

const FAQ_SECTION = 'FAQ';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, section } = await params;
  return section === FAQ_SECTION ? faqMetadata(locale) : {};
}

export default async function AboutSectionPage({ params }: Props) {
  const { locale, section } = await params;
  if (section !== FAQ_SECTION) notFound();
  setRequestLocale(locale);
  const items = await listFaq(await getDb(), locale);
  return (
    <ClientMessages groups={['Faq']}>
      <FaqPage locale={locale} items={items} url={absolutePageUrl(locale, FAQ_PATH)} />
    </ClientMessages>
  );
}
