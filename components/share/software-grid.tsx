import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import plain from '@/components/ui/plain.module.css';
import { AnchorLink } from '@/components/ui/anchor-link';
import type { ShareSummary } from '@/lib/shared/contracts/share';
import { formatBytes, softwarePath } from '@/lib/shared/share/paths';
import { DownloadButton } from './download-button';
import classes from './share.module.css';

/** The software pages as cards: what each is, its version, and a download straight from the grid. */
export function SoftwareGrid({ items }: { items: readonly ShareSummary[] }) {
  const t = useTranslations('Software');
  const share = useTranslations('Share');
  const format = useFormatter();
  const locale = useLocale();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" component="ul" className={classes.plainList}>
      {items.map((item) => (
        <li key={item.id}>
          <article className={`${plain.card} ${classes.card}`}>
            <Stack gap="xs" style={{ flex: 1 }}>
              <Title order={2} size="h4">
                <AnchorLink href={softwarePath(item.slug)} c="inherit">
                  {item.title}
                </AnchorLink>
              </Title>
              <Group gap={6}>
                {item.version && (
                  <Badge variant="light" color="blue">
                    {t('version', { version: item.version })}
                  </Badge>
                )}
                {item.demo && (
                  <Badge variant="outline" color="gray">
                    {share('demo')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">{item.summary}</Text>
              <Text size="xs" c="dimmed">
                {t('published', { date: format.dateTime(new Date(item.publishedOn), 'day') })}
                {item.file ? ` · ${item.file.name} · ${formatBytes(item.file.size, locale)}` : ''}
              </Text>
            </Stack>
            <Stack gap="xs" mt="md">
              {item.file && (
                <DownloadButton
                  itemId={item.id}
                  fileName={item.file.name}
                  downloadCount={item.file.downloadCount}
                  loginRequired={item.loginRequired}
                  size="sm"
                />
              )}
              <Link
                href={softwarePath(item.slug)}
                className={`${plain.button} ${plain.subtle} ${plain.sm}`}
                aria-label={t('detailsOf', { title: item.title })}
              >
                {t('details')}
              </Link>
            </Stack>
          </article>
        </li>
      ))}
    </SimpleGrid>
  );
}
