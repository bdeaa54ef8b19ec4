import 'server-only';
/**
 * The demo's real pixels (issue 37.1): the Landsat 7 ETM+ subset over Olinda shipped in data/imagery (see its
 * SOURCE.md) is registered at first start as an imported scene — not demo content — converted to a COG under the
 * imagery root, so a new user sees real imagery through the satellite-image WMTS. Idempotent: once the scene has
 * imagery whose file is still there, the step does nothing. Without GDAL the step says so and leaves the rest.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SeedStep } from '../db/seed';
import { servedAsset, resolveImageryHref } from '../scene-imagery';
import { GdalMissing } from './gdal';
import { registerImagery, type ImageryMetadata } from './register';

export const OLINDA_FILE = path.join(process.cwd(), 'data/imagery/landsat7-olinda/L7_ETMs.tif');

export const OLINDA_SCENE: ImageryMetadata = {
  id: 'LE07_OLINDA_ETM_SAMPLE',
  platform: 'landsat-7',
  sensor: 'etm+',
  collection: 'landsat-7-etm-samples',
  // The source does not record the acquisition date; ETM+ imaged without gaps until the scan-line corrector failed
  // on 31 May 2003, so the sample stands at the start of 2002, said in its properties.
  datetime: '2002-01-01T00:00:00Z',
  productLevel: 'L1',
  commonNames: ['blue', 'green', 'red', 'nir', 'swir16', 'swir22'],
  properties: {
    title: 'Landsat 7 ETM+ subset, Olinda / Recife (R package stars sample)',
    'portal:date_note': 'acquisition date not recorded in the source; before the ETM+ SLC failure of 2003-05-31',
    'portal:licence': 'Landsat data: public domain (USGS); the stars sample file: Apache-2.0',
  },
};

export const imageryDemoSeed: SeedStep = {
  name: 'imagery-demo',
  async run(db, progress) {
    const asset = await servedAsset(db, OLINDA_SCENE.id!);
    if (
      asset &&
      (await resolveImageryHref(asset.href).then(
        () => true,
        () => false,
      ))
    )
      return;
    if (
      !(await stat(OLINDA_FILE).then(
        () => true,
        () => false,
      ))
    )
      return;
    try {
      const started = Date.now();
      const done = await registerImagery(db, OLINDA_FILE, OLINDA_SCENE);
      progress(`registered the Olinda Landsat 7 image as scene ${done.id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      if (!(error instanceof GdalMissing)) throw error;
      progress(`the Olinda sample image is not registered: ${error.message}`);
    }
  },
};
