import { Text } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';
import type { TypicalImageView } from '@/lib/shared/satellites/typical-images';
import classes from './satellites.module.css';

/**
 * An ILLUSTRATION, drawn on the server from PostGIS (ST_AsSVG): China's outline and the demo scenes'
 * footprints, numbered like the table rows. Not satellite imagery, and captioned as such.
 */
export function FootprintIllustration({ page }: { page: TypicalImageView }) {
  const t = useTranslations('Satellites');
  if (!page.illustration) return null;
  const [x, y, w, h] = page.illustration.viewBox;
  const unit = w / 400;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={classes.illustration}
        viewBox={`${x} ${y} ${w} ${h}`}
        role="img"
        aria-label={t('images.illustrationLabel', { name: page.shortName })}
        data-testid="footprint-illustration"
      >
        <path d={page.illustration.outline} fill="#ffffff" stroke="#7a8ca3" strokeWidth={unit * 0.6} strokeLinejoin="round" />
        {page.scenes.map((s, i) => {
          const cx = (s.bbox[0] + s.bbox[2]) / 2;
          const cy = -(s.bbox[1] + s.bbox[3]) / 2;
          return (
            <g key={s.sceneId}>
              <path d={`${s.path} Z`} fill="rgba(27, 95, 201, 0.25)" stroke="#1b5fc9" strokeWidth={unit * 0.8} />
              <circle cx={cx} cy={cy} r={unit * 2.2} fill="#1b5fc9" />
              <text x={cx + unit * 3} y={cy - unit * 2} fontSize={unit * 9} fill="#0b2a5b" fontWeight={700}>
                {i + 1}
              </text>
            </g>
          );
        })}
      </svg>
      <Text component="figcaption" size="sm" c="dimmed" mt="xs">
        {t('images.illustrationCaption', { count: page.scenes.length })}
      </Text>
    </figure>
  );
}
