/** What a push user receives, in words (server component): each image grant and spot grant with its regions named. */
import { List, ListItem, Paper, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { MISSIONS } from '@/lib/shared/catalogue/missions';
import type { PushUser } from '@/lib/shared/contracts/push';
import { inLocale } from '@/lib/shared/locale';

export async function MyGrants({ user, locale }: { user: PushUser; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Push' });
  const separator = inLocale(locale, '、', ', ');
  const satellite = (code: string) => {
    const mission = MISSIONS.find((m) => m.satellite === code);
    return mission ? inLocale(locale, mission.name.zh, mission.name.en) : code;
  };
  const regions = (list: PushUser['imageGrants'][number]['regions']) => list.map((r) => r.name).join(separator);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="push-receive-title"
      data-testid="push-grants"
    >
      <Title order={2} size="h4" id="push-receive-title">
        {t('mine.receive')}
      </Title>
      <Text size="sm" c="gray.7" mt={4}>
        {t(`kinds.${user.kind}`)}
        {user.demo ? ` · ${t('admin.demo')}` : ''}
      </Text>
      <Title order={3} size="h5" mt="md">
        {t('grants.imageTitle')}
      </Title>
      {user.imageGrants.length === 0 ? (
        <Text size="sm">{t('grants.none')}</Text>
      ) : (
        <List size="sm" spacing={4} mt={4}>
          {user.imageGrants.map((g, i) => (
            <ListItem key={i}>
              {t('grants.image', {
                satellites: g.satellites.map(satellite).join(separator),
                sensors: g.sensors.length ? g.sensors.join(separator) : t('grants.anySensor'),
                levels: g.levels.length ? g.levels.join(separator) : t('grants.anyLevel'),
                regions: regions(g.regions),
              })}
            </ListItem>
          ))}
        </List>
      )}
      <Title order={3} size="h5" mt="md">
        {t('grants.spotTitle')}
      </Title>
      {user.spotGrants.length === 0 ? (
        <Text size="sm">{t('grants.none')}</Text>
      ) : (
        <List size="sm" spacing={4} mt={4}>
          {user.spotGrants.map((g, i) => (
            <ListItem key={i}>{t('grants.spot', { type: t(`spotTypes.${g.spotType}`), regions: regions(g.regions) })}</ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
