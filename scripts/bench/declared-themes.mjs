// The monitoring themes as the portal declares them (lib/shared/themes) and their feature layers as the
// portal makes them (lib/server/theme-features/map-layers.ts), for the benches that run as plain Node: started by
// themes.mjs with `tsx --import ./scripts/outside-next.mjs`, it prints one JSON document on stdout.
//
// Per theme: id and statistics path. Per feature layer: its `where`, geometry kind, the attribute it is
// coloured by and the layer's own paint of every declared value of it (and of an undeclared one, the
// fallback), at the degrees per pixel of each zoom given in argv[2] (JSON array) — so a MapServer class
// is what the portal paints, not a copy that could drift.
import { THEMES } from '../../lib/shared/themes/index.ts';
import { SPOT_LAYERS } from '../../lib/server/theme-features/map-layers.ts';
import { DEFORMATION_LAYERS } from '../../lib/server/themes/surface-deform/map-layers.ts';

const zooms = JSON.parse(process.argv[2] ?? '[]');
const OTHER = '__undeclared__';

/** The code list a feature layer colours by (as map-layers.ts paletteOf reads the declaration). */
function codesOf(theme, styleBy) {
  if (styleBy === 'change_type') return theme.changeTypes?.items ?? [];
  if (styleBy === 'landuse_type') return theme.landuse?.items ?? [];
  if (styleBy === 'stage') return theme.stages.items;
  return theme.kinds.items;
}

/** Degrees of longitude per pixel of a 256-pixel Web-Mercator tile at a zoom, as the WMS hands to paint(). */
const degreesPerPixel = (zoom) => 360 / 2 ** zoom / 256;

const byName = new Map(SPOT_LAYERS.map((l) => [l.name, l]));
// Rate-grid themes (surface deformation) have no statistics or feature layers: listed apart, below.
const themes = THEMES.filter((theme) => !theme.rateGrid).map((theme) => ({
  id: theme.id,
  // Land cover keeps spot v2's `spotstatistics` (lib/shared/themes/index.ts themeByApi); the others `statistics`.
  latest: `${theme.api}/${theme.id === 'landcover' ? 'spotstatistics' : 'statistics'}/lastest`,
  // A theme with a per-region structure (planting structure) has its own all-counties call, measured too.
  structureLatest: theme.structure ? `${theme.api}/structure/lastest` : null,
  geometries: theme.geometries,
  layers: theme.layers.features.map((declared) => {
    const layer = byName.get(declared.name);
    const style = layer.styles[declared.name];
    const values = codesOf(theme, declared.styleBy).map((c) => c.value);
    return {
      name: declared.name,
      where: layer.where,
      drawOrder: layer.drawOrder,
      geometryKind: layer.geometryKind,
      styleBy: declared.styleBy,
      paints: Object.fromEntries(
        zooms.map((zoom) => [
          zoom,
          {
            classes: values.map((value) => ({ value, ...style.paint({ [declared.styleBy]: value }, degreesPerPixel(zoom)) })),
            other: style.paint({ [declared.styleBy]: OTHER }, degreesPerPixel(zoom)),
          },
        ]),
      ),
    };
  }),
}));
/** Rate grids: the layer and the paint of each declared class (at its middle; the outer classes open-ended). */
const rateGrids = THEMES.filter((theme) => theme.rateGrid).map((theme) => {
  const layer = DEFORMATION_LAYERS.find((l) => l.name === theme.rateGrid.rateLayer);
  const style = layer.styles[layer.name];
  return {
    id: theme.id,
    layer: layer.name,
    from: layer.from,
    drawOrder: layer.drawOrder,
    classes: theme.rateGrid.classes.map((c) => ({ from: c.from, to: c.to, paint: style.paint({ rate: (c.from + c.to) / 2 }, 0) })),
  };
});
process.stdout.write(JSON.stringify({ themes, rateGrids }) + '\n');
