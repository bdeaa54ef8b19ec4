import {
  Alert,
  Badge,
  Group,
  List,
  ListItem,
  Stack,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { TableScroll } from '@/components/ui/table-scroll';
import { useTranslations } from 'next-intl';
import { AnchorLink } from '@/components/ui/anchor-link';
import { satellitePath } from '@/lib/shared/satellites/model';
import type { TypicalImageView } from '@/lib/shared/satellites/typical-images';
import { FootprintIllustration } from './footprint-illustration';
import { trimNumber } from './format';
import classes from './satellites.module.css';

const coord = (value: number, positive: string, negative: string) => `${Math.abs(value).toFixed(2)}°${value >= 0 ? positive : negative}`;

/** A typical-image page: uses and products of the sensor, then the DEMO scenes, clearly labelled. */
export function TypicalImagePage({ page, indexTitle }: { page: TypicalImageView; indexTitle: string }) {
  const t = useTranslations('Satellites');
  const routes = useTranslations('Routes');
  return (
    <Stack gap="xl">
      <div>
        <AnchorLink href="/satellite/image" size="sm">
          ← {indexTitle}
        </AnchorLink>
        <Title order={1} mt="xs">
          {page.name} · {routes('typicalImagePage')}
        </Title>
        <Group gap="sm" mt="xs">
          <AnchorLink href={satellitePath(page.area, page.slug)}>{t('images.satellitePage', { name: page.shortName })}</AnchorLink>
        </Group>
      </div>

      <Alert variant="light" color="yellow" title={t('images.demoBadge')} data-testid="demo-label">
        {t('images.demoNote')}
      </Alert>

      <section aria-labelledby="img-uses">
        <Title order={2} size="h3" id="img-uses" mb="sm">
          {t('images.uses')}
        </Title>
        <List spacing="xs" className={classes.prose}>
          {page.uses.map((u) => (
            <ListItem key={u}>{u}</ListItem>
          ))}
        </List>
      </section>

      <section aria-labelledby="img-products">
        <Title order={2} size="h3" id="img-products" mb="sm">
          {t('images.products')}
        </Title>
        <TableScroll minWidth={420}>
          <Table withTableBorder striped maw={640}>
            <TableThead>
              <TableTr>
                <TableTh scope="col">{t('images.productColumns.sensor')}</TableTh>
                <TableTh scope="col">{t('images.productColumns.resolution')}</TableTh>
                <TableTh scope="col">{t('images.productColumns.scene')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {page.products.map((p) => (
                <TableTr key={p.sensor}>
                  <TableTh scope="row">{p.sensor}</TableTh>
                  <TableTd>{t('meters', { value: trimNumber(p.resolutionM) })}</TableTd>
                  <TableTd>{t('images.sceneSize', { km: trimNumber(p.sceneKm) })}</TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScroll>
      </section>

      <section aria-labelledby="img-scenes">
        <Group gap="sm" mb="sm">
          <Title order={2} size="h3" id="img-scenes">
            {t('images.scenes')}
          </Title>
          <Badge variant="outline" color="gray">
            {t('images.demoBadge')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mb="sm" maw={880}>
          {t('images.namingNote')}
        </Text>
        <TableScroll minWidth={1000}>
          <Table striped withTableBorder fz="sm" verticalSpacing="xs" data-testid="scene-table">
            <TableThead>
              <TableTr>
                <TableTh scope="col">#</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.sceneId')}</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.date')}</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.sensor')}</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.place')}</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.cloud')}</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.resolution')}</TableTh>
                <TableTh scope="col">{t('images.sceneColumns.footprint')}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {page.scenes.map((s, i) => (
                <TableTr key={s.sceneId}>
                  <TableTd>{i + 1}</TableTd>
                  <TableTh scope="row" fw={400}>
                    <span className={classes.mono}>{s.sceneId}</span>
                  </TableTh>
                  <TableTd>
                    <time dateTime={s.acquiredOn}>{s.acquiredOn}</time>
                  </TableTd>
                  <TableTd>{s.sensor}</TableTd>
                  <TableTd>{[s.province, s.city, s.county].filter((x, j, all) => x && all.indexOf(x) === j).join(' · ')}</TableTd>
                  <TableTd>
                    {s.cloudPct === null ? t('images.cloudNotApplicable') : t('images.cloudValue', { value: trimNumber(s.cloudPct, 1) })}
                  </TableTd>
                  <TableTd>{t('meters', { value: trimNumber(s.resolutionM) })}</TableTd>
                  <TableTd className={classes.mono}>
                    {coord(s.bbox[0], 'E', 'W')}–{coord(s.bbox[2], 'E', 'W')}, {coord(s.bbox[1], 'N', 'S')}–{coord(s.bbox[3], 'N', 'S')}
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScroll>
      </section>

      {page.illustration && (
        <section aria-labelledby="img-illustration">
          <Title order={2} size="h3" id="img-illustration" mb="sm">
            {t('images.illustration')}
          </Title>
          <FootprintIllustration page={page} />
        </section>
      )}
    </Stack>
  );
}
