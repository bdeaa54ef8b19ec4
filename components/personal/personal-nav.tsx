import { Anchor, Group } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { ALL_ROUTES, isBuilt } from '@/lib/shared/routes';

/** The personal centre's sections that exist (info, shopping, my orders, my applications), from the route registry. */
const SECTIONS = ALL_ROUTES.filter((r) => r.parent?.path === '/personal/personalCenter' && isBuilt(r));

/** Links between the personal centre's sections; the current one is marked for assistive technology. */
export async function PersonalNav({ current }: { current: string }) {
  const t = await getTranslations('Routes');
  return (
    <Group component="nav" gap="md" aria-label={t('personalCenter')} mb="md" data-testid="personal-nav">
      {SECTIONS.map((section) => (
        <Anchor
          key={section.path}
          component={Link}
          href={section.path}
          fw={section.path === current ? 700 : 400}
          aria-current={section.path === current ? 'page' : undefined}
        >
          {t(section.def.title)}
        </Anchor>
      ))}
    </Group>
  );
}
