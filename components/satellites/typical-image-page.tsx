import { Badge, Group, Stack, Text, Title } from '@/components/ui/mantine-static';
import { DataTable } from '@/components/ui/data-table';
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

      <div className={classes.notice} role="note" aria-labelledby="img-demo-title" data-testid="demo-label">
        <p className={classes.noticeTitle} id="img-demo-title">
          {t('images.demoBadge')}
        </p>
        <p className={classes.noticeBody}>{t('images.demoNote')}</p>
      </div>

      <section aria-labelledby="img-uses">
        <Title order={2} size="h3" id="img-uses" mb="sm">
          {t('images.uses')}
        </Title>
        <ul className={`${classes.prose} ${classes.list}`}>
          {page.uses.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="img-products">
        <Title order={2} size="h3" id="img-products" mb="sm">
          {t('images.products')}
        </Title>
        <TableScroll minWidth={420} label={t('tableRegion', { name: t('images.products') })}>
          <DataTable striped style={{ maxWidth: 640 }} aria-labelledby="img-products">
            <thead>
              <tr>
                <th scope="col">{t('images.productColumns.sensor')}</th>
                <th scope="col">{t('images.productColumns.resolution')}</th>
                <th scope="col">{t('images.productColumns.scene')}</th>
              </tr>
            </thead>
            <tbody>
              {page.products.map((p) => (
                <tr key={p.sensor}>
                  <th scope="row">{p.sensor}</th>
                  <td>{t('meters', { value: trimNumber(p.resolutionM) })}</td>
                  <td>{t('images.sceneSize', { km: trimNumber(p.sceneKm) })}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
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
        <TableScroll minWidth={1000} label={t('tableRegion', { name: t('images.scenes') })}>
          <DataTable striped spacing="xs" aria-labelledby="img-scenes" data-testid="scene-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('images.sceneColumns.sceneId')}</th>
                <th scope="col">{t('images.sceneColumns.date')}</th>
                <th scope="col">{t('images.sceneColumns.sensor')}</th>
                <th scope="col">{t('images.sceneColumns.place')}</th>
                <th scope="col">{t('images.sceneColumns.cloud')}</th>
                <th scope="col">{t('images.sceneColumns.resolution')}</th>
                <th scope="col">{t('images.sceneColumns.footprint')}</th>
              </tr>
            </thead>
            <tbody>
              {page.scenes.map((s, i) => (
                <tr key={s.sceneId}>
                  <td>{i + 1}</td>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    <span className={classes.mono}>{s.sceneId}</span>
                  </th>
                  <td>
                    <time dateTime={s.acquiredOn}>{s.acquiredOn}</time>
                  </td>
                  <td>{s.sensor}</td>
                  <td>{[s.province, s.city, s.county].filter((x, j, all) => x && all.indexOf(x) === j).join(' · ')}</td>
                  <td>
                    {s.cloudPct === null ? t('images.cloudNotApplicable') : t('images.cloudValue', { value: trimNumber(s.cloudPct, 1) })}
                  </td>
                  <td>{t('meters', { value: trimNumber(s.resolutionM) })}</td>
                  <td className={classes.mono}>
                    {coord(s.bbox[0], 'E', 'W')}–{coord(s.bbox[2], 'E', 'W')}, {coord(s.bbox[1], 'N', 'S')}–{coord(s.bbox[3], 'N', 'S')}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
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
