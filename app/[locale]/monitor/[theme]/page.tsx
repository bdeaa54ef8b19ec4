import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ThemePage, themeTexts } from './_theme-page';
import { redirect } from '@/i18n/server-navigation';
import type { Locale } from '@/i18n/routing';
import { THEMES } from '@/lib/shared/themes';

type Props = { params: Promise<{ locale: Locale; theme: string }> };

const themeOf = (segment: string) => THEMES.find((t) => t.path === `/monitor/${segment}`) ?? null;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, theme: segment } = await params;
  const theme = themeOf(segment);
  if (!theme) return {};
  const texts = await themeTexts(theme, locale);
  return { title: texts.title, description: texts.intro, robots: { index: false } };
}

// Every theme's page is the same for every visitor (its statistics are public, spec §6), so it is static:
// rendered on its first request (the map settings are read then, not at build) and served from the cache
// after. Everything that depends on the visitor (session, module, region) happens in the client screen;
// the detail reads are checked by their APIs and map layers on the server.
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/**
 * Every declared theme (lib/shared/themes, ADR 0014) from one route: the theme is found by its path;
 * a path no theme declares goes home. The menu shows a theme only to holders of its permission, and the
 * detail modules need a session, the permission and an area range.
 */
export default async function ThemeRoute({ params }: Props) {
  const { locale, theme: segment } = await params;
  setRequestLocale(locale);
  const theme = themeOf(segment);
  if (!theme) redirect({ href: '/home', locale });
  return <ThemePage theme={theme!} locale={locale} />;
}
