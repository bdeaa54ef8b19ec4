// `npm run imagery:add -- [options] FILE…`: registers GeoTIFFs as imported scenes with imagery (issue 37.1). A plain
// GeoTIFF (or a COG outside IMAGERY_ROOT) is converted to a COG under IMAGERY_ROOT with GDAL; the footprint is the
// raster's bounds in EPSG:4326; the scene's tiles are then served by the satellite-image WMTS. Idempotent by scene id.
// Exit code 1 when any file could not be registered (each says why).
import { parseArgs } from 'node:util';
import { registerImagery } from '../lib/server/imagery';
import { migrate } from '../lib/server/db/migrate';
import { createPgliteDatabase } from '../lib/server/db/pglite';
import { createPostgresDatabase } from '../lib/server/db/postgres';
import { getEnv } from '../lib/server/env';

const USAGE = `usage: npm run imagery:add -- --platform P --sensor S --datetime ISO [--id ID] [--collection C]
                           [--level L] [--cloud PCT] [--bands blue,green,red,nir,…] FILE [FILE…]
  --id only with one FILE (default: the file name without extension); --bands: STAC common names of the bands in
  order, for the true / false colour combinations (default: blue, green, red, near infrared for 4+ bands).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    platform: { type: 'string' },
    sensor: { type: 'string' },
    datetime: { type: 'string' },
    id: { type: 'string' },
    collection: { type: 'string' },
    level: { type: 'string' },
    cloud: { type: 'string' },
    bands: { type: 'string' },
  },
});
const files = positionals.filter((a) => a !== '--');
if (files.length === 0 || !values.platform || !values.sensor || !values.datetime || (values.id && files.length > 1)) {
  console.error(USAGE);
  process.exit(2);
}
const env = getEnv();
const db = env.DATABASE_URL ? createPostgresDatabase(env.DATABASE_URL, 1) : await createPgliteDatabase(env.DATA_DIR);
let failed = 0;
try {
  await migrate(db, (m) => console.log(`[db] ${m}`));
  for (const file of files) {
    try {
      const done = await registerImagery(db, file, {
        id: values.id,
        platform: values.platform,
        sensor: values.sensor,
        datetime: values.datetime,
        collection: values.collection,
        productLevel: values.level,
        cloudPct: values.cloud === undefined ? null : Number(values.cloud),
        commonNames: values.bands?.split(',').map((b) => b.trim() || null),
      });
      console.log(
        `[imagery] ${file}: scene ${done.id}, ${done.width} × ${done.height} px, ${done.bands} band(s), ${done.converted ? 'converted to' : 'served from'} ${done.cog}`,
      );
    } catch (error) {
      failed++;
      console.error(`[imagery] ${file}: not registered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
} finally {
  await db.close();
}
process.exit(failed > 0 ? 1 : 0);
