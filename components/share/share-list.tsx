import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { LinkPagination } from '@/components/ui/link-pagination';
import type { ShareSummary } from '@/lib/shared/contracts/share';
import { fileShareListPath, formatBytes, type FileShareList } from '@/lib/shared/share/paths';
import { DownloadButton } from './download-button';
import classes from './share.module.css';

interface Props {
  list: FileShareList;
  items: readonly ShareSummary[];
  page: number;
  pages: number;
}

/** A page of a file share list with real pagination links (works without JavaScript, crawlable). */
export function ShareList({ list, items, page, pages }: Props) {
  const t = useTranslations('Share');
  if (items.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Stack gap="md">
      <Stack gap="sm" component="ol" className={classes.plainList}>
        {items.map((item) => (
          <li key={item.id}>{item.citation ? <PaperEntry item={item} /> : <FileEntry item={item} />}</li>
        ))}
      </Stack>
      <LinkPagination page={page} pages={pages} hrefFor={(n) => fileShareListPath(list, n)} />
    </Stack>
  );
}

function FileEntry({ item }: { item: ShareSummary }) {
  const t = useTranslations('Share');
  const format = useFormatter();
  const locale = useLocale();
  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Title order={2} size="h4">
        {item.title}
      </Title>
      <Group gap="xs" mt={4}>
        {item.version && (
          <Text size="sm" c="dimmed">
            {t('version', { version: item.version })} ·
          </Text>
        )}
        <Text size="sm" c="dimmed" component="time" dateTime={item.publishedOn}>
          {t('published', { date: format.dateTime(new Date(item.publishedOn), 'day') })}
        </Text>
        {item.demo && (
          <Badge size="sm" variant="outline" color="gray">
            {t('demo')}
          </Badge>
        )}
        {item.loginRequired && (
          <Badge size="sm" variant="light" color="orange">
            {t('loginRequired')}
          </Badge>
        )}
      </Group>
      {item.summary && <Text mt="xs">{item.summary}</Text>}
      {item.file && (
        <Stack gap={4} mt="sm">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.file.name} · {formatBytes(item.file.size, locale)}
          </Text>
          <DownloadButton
            itemId={item.id}
            fileName={item.file.name}
            downloadCount={item.file.downloadCount}
            loginRequired={item.loginRequired}
            size="sm"
          />
        </Stack>
      )}
    </Paper>
  );
}

function PaperEntry({ item }: { item: ShareSummary }) {
  const t = useTranslations('Share');
  const citation = item.citation!;
  return (
    <Paper withBorder radius="md" p="md" component="article">
      <Title order={2} size="h4" lang="en">
        {item.title}
      </Title>
      <Text size="sm" mt={4} lang="en">
        {citation.authors} ({citation.year}). <i>{citation.venue}</i>.
      </Text>
      {item.summary && <Text mt="xs">{item.summary}</Text>}
      <Group gap="sm" mt="xs">
        <Anchor
          href={`https://doi.org/${citation.doi}`}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={t('openDoi', { title: item.title })}
        >
          {t('doi', { doi: citation.doi })}
        </Anchor>
        <Badge size="sm" variant="outline" color="gray">
          {t('noFullText')}
        </Badge>
      </Group>
    </Paper>
  );
}
