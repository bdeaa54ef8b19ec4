'use client';
/** My pushes → the pull feed (issue 35.2): its address to copy and how a dedicated line polls it with its token. */
import { Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';

export function FeedAccess({ feedUrl }: { feedUrl: string }) {
  const t = useTranslations('Push.delivery');
  const example = `curl -H "token: <token>" "${feedUrl}?unacknowledged=1"`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="push-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="push-feed-title">
          {t('feedTitle')}
        </Title>
        <Text size="sm">{t('feedIntro')}</Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('feedUrl')}
            value={feedUrl}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: '1 1 240px', minWidth: 0 }}
            data-testid="push-feed-url"
          />
          <CopyButton value={feedUrl}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} data-testid="push-feed-copy" aria-live="polite">
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">{t('feedHow')}</Text>
        <div>
          <Text size="sm" fw={500}>
            {t('feedExample')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {example}
          </Code>
        </div>
      </Stack>
    </Paper>
  );
}
