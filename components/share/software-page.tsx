import { Anchor, Badge, Box, Group, Paper, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { AnchorLink } from '@/components/ui/anchor-link';
import type { ShareDetail } from '@/lib/shared/contracts/share';
import { formatBytes, SOFTWARE_PATH } from '@/lib/shared/share/paths';
import { DownloadButton } from './download-button';
import classes from './share.module.css';

/** One software page: purpose and features, screenshots, versions, requirements, sources and the download. */
export function SoftwarePage({ item }: { item: ShareDetail }) {
  const t = useTranslations('Software');
  const share = useTranslations('Share');
  const format = useFormatter();
  const locale = useLocale();
  const day = (iso: string) => format.dateTime(new Date(iso), 'day');
  return (
    <Stack gap="lg" component="article">
      <AnchorLink href={SOFTWARE_PATH} size="sm">
        ← {t('backToList')}
      </AnchorLink>
      <div>
        <Title order={1}>{item.title}</Title>
        <Group gap="xs" mt="xs">
          {item.version && (
            <Badge variant="light" color="blue">
              {t('version', { version: item.version })}
            </Badge>
          )}
          <Text c="dimmed" size="sm" component="time" dateTime={item.publishedOn}>
            {t('published', { date: day(item.publishedOn) })}
          </Text>
          {item.demo && (
            <Badge variant="outline" color="gray">
              {share('demo')}
            </Badge>
          )}
        </Group>
        <Text size="lg" mt="sm">
          {item.summary}
        </Text>
        {item.demo && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('demoNote')}
          </Text>
        )}
      </div>

      <div className={classes.layout}>
        <Stack gap="xl">
          <section aria-label={t('about')}>
            {/* Sanitized on save and again by the repository (lib/server/news/sanitize.ts). */}
            <Box className={classes.body} dangerouslySetInnerHTML={{ __html: item.body }} />
          </section>

          {item.screenshots.length > 0 && (
            <section aria-labelledby="software-screenshots">
              <Title order={2} size="h3" id="software-screenshots" mb="xs">
                {t('screenshots')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('screenshotsNote')}
              </Text>
              <Stack gap="lg">
                {item.screenshots.map((shot) => (
                  <figure key={shot.url} className={classes.screenshot}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- signed file links, not optimizable static assets */}
                    <img src={shot.url} alt={shot.caption} width={shot.width} height={shot.height} loading="lazy" decoding="async" />
                    <figcaption>
                      <Badge size="xs" variant="outline" color="gray" mr={6}>
                        {t('illustration')}
                      </Badge>
                      {shot.caption}
                    </figcaption>
                  </figure>
                ))}
              </Stack>
            </section>
          )}

          {item.changelog.length > 0 && (
            <section aria-labelledby="software-changelog">
              <Title order={2} size="h3" id="software-changelog" mb="sm">
                {t('changelog')}
              </Title>
              <Stack gap="sm" component="ol" className={classes.plainList}>
                {item.changelog.map((entry) => (
                  <li key={entry.version}>
                    <Text fw={600} component="span">
                      {entry.version}
                    </Text>{' '}
                    <Text c="dimmed" size="sm" component="time" dateTime={entry.date}>
                      {day(entry.date)}
                    </Text>
                    <Text size="sm">{entry.notes}</Text>
                  </li>
                ))}
              </Stack>
            </section>
          )}

          {item.sources.length > 0 && (
            <section aria-labelledby="software-sources">
              <Title order={2} size="h3" id="software-sources" mb="sm">
                {t('sources')}
              </Title>
              <Stack gap={4} component="ul" className={classes.plainList}>
                {item.sources.map((source) => (
                  <li key={source.url}>
                    <Anchor href={source.url} target="_blank" rel="noopener noreferrer" size="sm">
                      {source.title}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </section>
          )}
        </Stack>

        <Stack gap="md" className={classes.aside} component="aside">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="software-download">
            <Title order={2} size="h4" id="software-download" mb="sm">
              {t('downloadPanel')}
            </Title>
            {item.file ? (
              <Stack gap="sm">
                <dl style={{ margin: 0 }}>
                  <Text component="dt" size="xs" c="dimmed">
                    {t('fileName')}
                  </Text>
                  <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.file.name}
                  </Text>
                  <Text component="dt" size="xs" c="dimmed" mt={6}>
                    {t('fileSize')}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {formatBytes(item.file.size, locale)}
                  </Text>
                  <Text component="dt" size="xs" c="dimmed" mt={6}>
                    {t('checksum')}
                  </Text>
                  <Text component="dd" m={0} className={classes.checksum}>
                    {item.file.sha256}
                  </Text>
                </dl>
                {item.loginRequired && (
                  <Badge variant="light" color="orange">
                    {share('loginRequired')}
                  </Badge>
                )}
                <DownloadButton
                  itemId={item.id}
                  fileName={item.file.name}
                  downloadCount={item.file.downloadCount}
                  loginRequired={item.loginRequired}
                />
              </Stack>
            ) : (
              <Text size="sm">{t('noFile')}</Text>
            )}
          </Paper>
          {item.requirements && (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="software-requirements">
              <Title order={2} size="h4" id="software-requirements" mb="xs">
                {t('requirements')}
              </Title>
              <Text size="sm">{item.requirements}</Text>
            </Paper>
          )}
        </Stack>
      </div>
    </Stack>
  );
}
