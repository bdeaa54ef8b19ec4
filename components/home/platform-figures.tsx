/**
 * Home's "platform in figures": rendered on the server with the page (ISR), so the panel and its counts are in the
 * HTML. Only the visit counter, which changes with every visit, is filled in by the browser (`visits`).
 */
import { Paper, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { PlatformFigures } from '@/lib/shared/contracts/figures';
import { FigureCell } from './figure-cell';
import classes from './home.module.css';

const DATA_FIGURES = ['chineseSatellites', 'globalSatellites', 'sensors', 'counties', 'news', 'downloads'] as const;

export function PlatformFiguresPanel({ figures, visits }: { figures: PlatformFigures; visits: ReactNode }) {
  const t = useTranslations('Home.figures');
  const format = useFormatter();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-figures-title" data-testid="home-figures">
      <Title order={2} size="h4" mb="md" id="home-figures-title">
        {t('title')}
      </Title>
      <dl className={classes.figures}>
        {visits}
        {DATA_FIGURES.map((key) => (
          <FigureCell key={key} label={t(`items.${key}`)} testId={`figure-${key}`}>
            {format.number(figures[key])}
          </FigureCell>
        ))}
      </dl>
      <Text size="xs" c="dimmed" mt="md">
        {t('note')}
      </Text>
    </Paper>
  );
}
