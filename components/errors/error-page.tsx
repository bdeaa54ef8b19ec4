import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ButtonLink } from '../ui/button-link';

export type ErrorCode = 401 | 403 | 404;

/** The 401, 403 and 404 screens (spec §2, §8). */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const t = useTranslations('ErrorPage');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={96} fw={800} c="brand.2" lh={1} aria-hidden="true">
          {code}
        </Text>
        <Title order={1}>{t(`title${code}`)}</Title>
        <Text c="dimmed">{t(`body${code}`)}</Text>
        <Text size="sm" c="dimmed">
          {t('code', { code })}
        </Text>
        <ButtonLink href="/home" size="md">
          {t('backHome')}
        </ButtonLink>
      </Stack>
    </Container>
  );
}
