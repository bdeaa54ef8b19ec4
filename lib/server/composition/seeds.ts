import 'server-only';
/**
 * The composition root of the demo data: every domain's seed step, in the order they run. Whoever seeds
 * (instrumentation.ts on start, `npm run db:seed`, the test template) takes the list from here; the db
 * layer only runs steps it is given. A new domain adds its step here, nowhere else.
 */
import { catalogueSeed } from '../catalogue';
import type { SeedStep } from '../db/seed';
import { faqSeed } from '../faq/seed';
import { imageryDemoSeed } from '../imagery';
import { feedbackSeed } from '../feedback/seed';
import { newsSeed } from '../news/seed';
import { nodesSeed } from '../nodes/seed';
import { regionsSeed } from '../regions/seed';
import { newsCoverCopiesSeed, newsCoversSeed } from '../share/news-covers-seed';
import { shareSeed } from '../share/seed';
import { spotsSeed } from '../themes/landcover/demo-seed';
import { nonagriculturalDemoSeed } from '../themes/nonagricultural/demo-seed';
import { themesDemoSeed } from '../themes/demo/seed';
import { deformDemoSeed } from '../themes/surface-deform/demo-seed';
import { plantingDemoSeed } from '../themes/plantingstructure/demo-seed';
import { orbitsSeed } from '../orbits/seed';
import { pushSeed } from '../push/seed';
import { spotPushSeed } from '../push/spot-seed';
import { satellitesSeed } from '../satellites/seed';
import { accountsSeed } from '../users/seed';
import { verificationSeed } from '../verification/seed';

// Satellites and spots after regions: the typical-image demo scenes are centred on counties, and the
// spots are generated inside them (both hash the loaded regions' version into their own). The themes' demo features
// and the demo scene catalogue are the largest loads and nothing else depends on them: on a server's start they fill
// in after it answers (`later`, DEMO_DATA_IN_BACKGROUND). The covers' smaller copies come first
// of those: a few seconds, and until then the lists show the original covers.
const later = (step: SeedStep): SeedStep => ({ ...step, background: true });

export const SEED_STEPS: readonly SeedStep[] = [
  regionsSeed,
  accountsSeed,
  // Push users before the catalogue: its load's batch job finds the demo node user's grants.
  pushSeed,
  newsSeed,
  satellitesSeed,
  orbitsSeed,
  shareSeed,
  newsCoversSeed,
  nodesSeed,
  faqSeed,
  feedbackSeed,
  // Real pixels: the Olinda Landsat 7 sample as an imported scene with imagery (a GDAL conversion, under a second).
  imageryDemoSeed,
  later(newsCoverCopiesSeed),
  later(spotsSeed),
  later(themesDemoSeed),
  later(nonagriculturalDemoSeed),
  later(deformDemoSeed),
  later(plantingDemoSeed),
  later(catalogueSeed),
  // Verification cases are pushed from the land-cover spots, with before/after scenes from the catalogue.
  later(verificationSeed),
  // The demo quarter's spot push batches carry the land-cover spots and the verification cases.
  later(spotPushSeed),
];
