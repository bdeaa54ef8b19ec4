import { Anchor, Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { HTML_LANG } from '@/i18n/routing';
import { AnchorLink } from '@/components/ui/anchor-link';
import type { NewsDetail } from '@/lib/shared/contracts/news';
import { responsiveCover } from '@/lib/shared/news/cover-srcset';
import { newsDetailPath, newsListPath, type NewsKind } from '@/lib/shared/news/kinds';
import classes from './news-article.module.css';

/** The width the cover is shown at (news-article.module.css): at most 48rem, else the viewport less the container's padding. */
const COVER_SIZES = '(min-width: 50rem) 48rem, calc(100vw - 32px)';

interface Props {
  kind: NewsKind;
  item: NewsDetail;
  /** Absolute URL of this page, for the share links. */
  url: string;
}

/** One news item: title, date and source, the sanitized body, share links and its neighbours. */
export function NewsArticle({ kind, item, url }: Props) {
  const t = useTranslations('News');
  const locale = useLocale();
  const routes = useTranslations('Routes');
  const format = useFormatter();
  const share = [
    {
      name: t('shareWeibo'),
      href: `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(item.title)}`,
    },
    { name: t('shareX'), href: `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(item.title)}` },
    { name: t('shareLinkedIn'), href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}` },
    { name: t('shareEmail'), href: `mailto:?subject=${encodeURIComponent(item.title)}&body=${encodeURIComponent(url)}` },
  ];
  return (
    <Stack gap="lg" component="article" lang={item.lang === locale ? undefined : HTML_LANG[item.lang]}>
      <AnchorLink href={newsListPath(kind)} size="sm">
        ← {routes(kind.title)}
      </AnchorLink>
      <div>
        <Title order={1}>{item.title}</Title>
        <Group gap="xs" mt="xs">
          <Text c="dimmed" component="time" dateTime={item.publishedAt}>
            {format.dateTime(new Date(item.publishedAt), 'day')}
          </Text>
          {item.source && <Text c="dimmed">· {t('source', { source: item.source })}</Text>}
          {item.demo && (
            <Badge variant="outline" color="gray">
              {t('demo')}
            </Badge>
          )}
        </Group>
        {item.lang !== locale && (
          <Badge variant="light" color="gray" mt={4} lang={HTML_LANG[locale]} data-testid="news-only-in">
            {t('onlyIn', { lang: item.lang })}
          </Badge>
        )}
        {item.demo && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('demoNote')}
          </Text>
        )}
      </div>
      {item.cover && (
        <figure className={classes.cover}>
          {/* eslint-disable-next-line @next/next/no-img-element -- signed file links, not optimizable static assets */}
          <img
            // Before src: a browser that read src first would start loading the original.
            {...responsiveCover(item.cover, COVER_SIZES)}
            src={item.cover.url}
            alt={item.cover.alt}
            width={item.cover.width}
            height={item.cover.height}
            decoding="async"
            fetchPriority="high"
          />
        </figure>
      )}
      {/* Sanitized on save and again by the repository (lib/server/news/sanitize.ts). */}
      <Box className={classes.body} dangerouslySetInnerHTML={{ __html: item.body }} />
      <Group gap="sm" aria-label={t('share')} role="group">
        <Text size="sm" fw={600}>
          {t('share')}
        </Text>
        {share.map((s) => (
          <Anchor key={s.name} href={s.href} size="sm" target="_blank" rel="noopener noreferrer">
            {s.name}
          </Anchor>
        ))}
      </Group>
      <nav aria-label={t('neighbours')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {t('previousItem')}
            </Text>
            {item.previous ? (
              <AnchorLink href={newsDetailPath(kind, item.previous.id)} rel="prev">
                {item.previous.title}
              </AnchorLink>
            ) : (
              <Text size="sm">{t('none')}</Text>
            )}
          </Paper>
          <Paper withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {t('nextItem')}
            </Text>
            {item.next ? (
              <AnchorLink href={newsDetailPath(kind, item.next.id)} rel="next">
                {item.next.title}
              </AnchorLink>
            ) : (
              <Text size="sm">{t('none')}</Text>
            )}
          </Paper>
        </SimpleGrid>
      </nav>
    </Stack>
  );
}
