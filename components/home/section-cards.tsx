import { Badge, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ButtonLink } from '../ui/button-link';
import { findRoute, isBuilt } from '@/lib/shared/routes';
import classes from './home.module.css';

/** The portal's main sections; a card links only where its screen exists. */
const SECTIONS = [
  { key: 'satellite', path: '/satellite/chinese' },
  { key: 'monitor', path: '/monitor/landcover' },
  { key: 'normal', path: '/normal' },
  { key: 'orbital', path: '/applicationExtend/orbitalPredict' },
] as const;

export function SectionCards() {
  const t = useTranslations('Home');
  return (
    <section aria-labelledby="home-sections">
      <Title id="home-sections" order={2} size="h3" mb="md">
        {t('sectionsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {SECTIONS.map(({ key, path }) => {
          const route = findRoute(path);
          const available = route !== undefined && isBuilt(route);
          return (
            <Card key={key} withBorder radius="md" padding="lg" className={classes.card}>
              <Title order={3} size="h4">
                {t(`sections.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t(`sections.${key}.body`)}
              </Text>
              {available ? (
                <ButtonLink href={path} variant="light">
                  {t('open')}
                </ButtonLink>
              ) : (
                <Badge variant="outline" color="gray">
                  {t('comingSoon')}
                </Badge>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
