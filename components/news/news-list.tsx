import { Badge, Group, Paper, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { HTML_LANG } from '@/i18n/routing';
import { AnchorLink } from '@/components/ui/anchor-link';
import { LinkPagination } from '@/components/ui/link-pagination';
import type { NewsSummary } from '@/lib/shared/contracts/news';
import { responsiveCover } from '@/lib/shared/news/cover-srcset';
import { newsDetailPath, newsListPath, type NewsKind } from '@/lib/shared/news/kinds';
import classes from './news-list.module.css';

/**
 * The width a card shows its cover at (news-list.module.css): a 176 px column from 36em on, below it the card's
 * width — the viewport less the container's and the card's padding (16 px each side) and border (1 px each side).
 */
const COVER_SIZES = '(min-width: 36em) 176px, calc(100vw - 66px)';

interface Props {
  kind: NewsKind;
  items: readonly NewsSummary[];
  page: number;
  pages: number;
}

/** A page of a news list with real pagination links (works without JavaScript, crawlable). */
export function NewsList({ kind, items, page, pages }: Props) {
  const t = useTranslations('News');
  const locale = useLocale();
  const format = useFormatter();
  if (items.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Stack gap="md">
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, index) => (
          <li key={item.id}>
            <Paper
              withBorder
              radius="md"
              p="md"
              component="article"
              className={item.cover ? classes.withCover : undefined}
              lang={item.lang === locale ? undefined : HTML_LANG[item.lang]}
            >
              {item.cover && (
                // The first cover is usually the largest paint above the fold: fetched at once; the rest lazily.
                // eslint-disable-next-line @next/next/no-img-element -- signed file links, not optimizable static assets
                <img
                  className={classes.cover}
                  // Before src: a browser that read src first would start loading the original.
                  {...responsiveCover(item.cover, COVER_SIZES)}
                  src={item.cover.url}
                  alt={item.cover.alt}
                  width={item.cover.width}
                  height={item.cover.height}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  decoding="async"
                />
              )}
              <Title order={2} size="h4">
                <AnchorLink href={newsDetailPath(kind, item.id)} c="inherit">
                  {item.title}
                </AnchorLink>
              </Title>
              <Group gap="xs" mt={4}>
                <Text size="sm" c="dimmed" component="time" dateTime={item.publishedAt}>
                  {format.dateTime(new Date(item.publishedAt), 'day')}
                </Text>
                {item.source && (
                  <Text size="sm" c="dimmed">
                    · {item.source}
                  </Text>
                )}
                {item.demo && (
                  <Badge size="sm" variant="outline" color="gray">
                    {t('demo')}
                  </Badge>
                )}
                {item.lang !== locale && (
                  <Badge size="sm" variant="light" color="gray" lang={HTML_LANG[locale]} data-testid="news-only-in">
                    {t('onlyIn', { lang: item.lang })}
                  </Badge>
                )}
              </Group>
              {item.summary && <Text mt="xs">{item.summary}</Text>}
            </Paper>
          </li>
        ))}
      </Stack>
      <LinkPagination page={page} pages={pages} hrefFor={(n) => newsListPath(kind, n)} />
    </Stack>
  );
}
