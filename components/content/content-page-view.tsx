import { Anchor, Container, List, ListItem, Paper, Stack, Text, Title, VisuallyHidden } from '@/components/ui/mantine-static';
import { useFormatter, useTranslations } from 'next-intl';
import type { ContentPage } from '@/lib/content/types';
import classes from './content-page.module.css';

/** An editorial page: lead, an "on this page" index, sections with definition lists and external links, sources. */
export function ContentPageView({ page }: { page: ContentPage }) {
  const t = useTranslations('Content');
  const format = useFormatter();
  return (
    <Container size={1000} py="xl">
      <Stack gap="lg">
        <Title order={1}>{page.title}</Title>
        <Text size="lg">{page.lead}</Text>
        {page.sections.length > 2 && (
          <nav aria-label={t('onThisPage')} className={classes.toc}>
            <Text fw={600} size="sm" mb={4}>
              {t('onThisPage')}
            </Text>
            <List size="sm" spacing={2}>
              {page.sections.map((section) => (
                <ListItem key={section.id}>
                  <Anchor href={`#${section.id}`}>{section.title}</Anchor>
                </ListItem>
              ))}
            </List>
          </nav>
        )}
        {page.sections.map((section) => (
          <Paper key={section.id} withBorder radius="md" p="lg" component="section" aria-labelledby={`${section.id}-title`}>
            <Title order={2} size="h3" id={`${section.id}-title`} className={classes.sectionTitle}>
              <span id={section.id} className={classes.anchorTarget} />
              {section.title}
            </Title>
            <Stack gap="sm" mt="sm">
              {section.paragraphs.map((p) => (
                <Text key={p}>{p}</Text>
              ))}
              {section.items && (
                <dl className={classes.items}>
                  {section.items.map((item) => (
                    <div key={item.term} className={classes.item}>
                      <dt>{item.term}</dt>
                      <dd>{item.text}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {section.links && (
                <ul className={classes.links}>
                  {section.links.map((link) => (
                    <li key={link.href}>
                      <Anchor href={link.href} target="_blank" rel="noopener noreferrer" fw={600}>
                        {link.label}
                        <VisuallyHidden> ({t('opensNewWindow')})</VisuallyHidden>
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {link.note} · <span dir="ltr">{new URL(link.href).host}</span>
                      </Text>
                    </li>
                  ))}
                </ul>
              )}
            </Stack>
          </Paper>
        ))}
        {page.sources && (
          <section aria-labelledby="sources-title">
            <Title order={2} size="h4" id="sources-title">
              {t('sources')}
            </Title>
            <List size="sm" mt="xs">
              {page.sources.map((s) => (
                <ListItem key={s.href}>
                  <Anchor href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.label}
                  </Anchor>{' '}
                  — {s.note}
                </ListItem>
              ))}
            </List>
          </section>
        )}
        <Text size="sm" c="dimmed">
          {t('reviewed', { date: format.dateTime(new Date(page.reviewed), 'day') })}
        </Text>
      </Stack>
    </Container>
  );
}
