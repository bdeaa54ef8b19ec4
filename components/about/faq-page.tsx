/**
 * The FAQ page, given its items (the route reads them from the database on first request and caches
 * the page for five minutes, ISR): the full list is in the HTML (readable without JavaScript), with
 * FAQPage structured data.
 */
import { Container, Paper, Stack, Text, Title } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { FAQ_CATEGORIES, faqAnchor, type FaqItem } from '@/lib/shared/contracts/faq';
import { pageAlternates } from '@/lib/shared/seo';
import { AnchorLink } from '../ui/anchor-link';
import { FaqBrowser, type FaqGroup } from './faq-browser';

export const FAQ_PATH = '/about/FAQ';

export async function faqMetadata(locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Faq' });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, FAQ_PATH) };
}

interface Props {
  locale: Locale;
  items: readonly FaqItem[];
  /** Absolute URL of this page, for the structured data. */
  url: string;
}

export async function FaqPage({ locale, items, url }: Props) {
  const t = await getTranslations({ locale, namespace: 'Faq' });
  const format = await getFormatter({ locale });
  const groups: FaqGroup[] = FAQ_CATEGORIES.map((category) => ({ category, items: items.filter((i) => i.category === category) })).filter(
    (g) => g.items.length > 0,
  );
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    inLanguage: locale === 'en' ? 'en' : 'zh-CN',
    url,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      '@id': `${url}#${faqAnchor(item.slug)}`,
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer.replace(/^\$ /gm, '') },
    })),
  };
  const updated = items.reduce((latest, i) => (i.updatedAt > latest ? i.updatedAt : latest), '');

  return (
    <Container size={960} py="xl">
      {/* JSON-LD is data, not script; "<" is escaped so no text can close the tag. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text size="lg" mt="xs">
            {t('intro')}
          </Text>
        </div>
        <FaqBrowser groups={groups} />
        <Paper withBorder radius="md" p="md" component="aside" aria-labelledby="faq-ask-title">
          <Title order={2} size="h4" id="faq-ask-title">
            {t('askTitle')}
          </Title>
          <Text mt={4}>{t('askText')}</Text>
          <Text mt={6}>
            <AnchorLink href="/about/contactUs/idea">{t('askFeedback')}</AnchorLink>
            {' · '}
            <AnchorLink href="/about/province">{t('askNodes')}</AnchorLink>
          </Text>
        </Paper>
        <div>
          <Title order={2} size="h5">
            {t('sourcesTitle')}
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            {t('sources')}
          </Text>
          {updated && (
            <Text size="sm" c="gray.7" mt={4}>
              {t('updated', { date: format.dateTime(new Date(updated), 'day') })}
            </Text>
          )}
        </div>
      </Stack>
    </Container>
  );
}
