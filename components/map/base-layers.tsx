'use client';

import { useLocale, useTranslations } from 'next-intl';
import { TileLayer } from 'react-leaflet';
import { BASE_LAYER_KINDS, baseLayerSources, type BaseLayerKind, type MapClientConfig } from '@/lib/shared/map/config';
import { ControlPortal } from './control-portal';
import classes from './map-view.module.css';

/** z-index within Leaflet's tile pane: base under WMS overlays (10), annotations above them. */
const Z_INDEX = { base: 1, labels: 50 } as const;

/** The tiles of the chosen base layer: our own service offline, Tianditu with a key. */
export function BaseLayers({ config, kind }: { config: MapClientConfig; kind: BaseLayerKind }) {
  const t = useTranslations('MapView');
  const locale = useLocale();
  return baseLayerSources(config, kind, locale).map((source) => (
    <TileLayer
      // A new URL needs a new layer: react-leaflet only updates the URL of a live layer, not its subdomains.
      key={source.url}
      url={source.url}
      subdomains={[...source.subdomains]}
      maxZoom={source.maxZoom}
      zIndex={Z_INDEX[source.role]}
      attribution={source.role === 'base' ? t(source.provider === 'own' ? 'attributionOwn' : 'attributionTianditu') : undefined}
    />
  ));
}

/** VEC / IMG switch: two toggle buttons in the top-right corner. */
export function BaseLayerSwitch({ value, onChange }: { value: BaseLayerKind; onChange: (kind: BaseLayerKind) => void }) {
  const t = useTranslations('MapView');
  const labels: Record<BaseLayerKind, string> = { vec: t('baseVec'), img: t('baseImg') };
  return (
    <ControlPortal position="topright" className={classes.baseSwitch}>
      <div role="group" aria-label={t('baseLayers')} className={classes.segmented}>
        {BASE_LAYER_KINDS.map((kind) => (
          <button key={kind} type="button" aria-pressed={value === kind} className={classes.segment} onClick={() => onChange(kind)}>
            {labels[kind]}
          </button>
        ))}
      </div>
    </ControlPortal>
  );
}
