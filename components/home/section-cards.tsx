import { Badge, SimpleGrid, Text, Title } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { findRoute, isBuilt } from '@/lib/shared/routes';
import plain from '../ui/plain.module.css';
import classes from './home.module.css';

/**
 * The portal's main sections; a card links only where its screen exists. Plain elements styled like Mantine's bordered
 * card and light button: the home page's first load stays free of their component code.
 */
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
            <article key={key} className={`${plain.card} ${classes.card}`}>
              <Title order={3} size="h4">
                {t(`sections.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t(`sections.${key}.body`)}
              </Text>
              {available ? (
                <Link href={path} className={`${plain.button} ${plain.light}`}>
                  {t('open')}
                </Link>
              ) : (
                <Badge variant="outline" color="gray">
                  {t('comingSoon')}
                </Badge>
              )}
            </article>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
