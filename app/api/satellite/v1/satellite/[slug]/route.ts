// GET /api/satellite/v1/satellite/{slug} — one satellite page with spacecraft and sensors
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findSatellite } from '@/lib/server/satellites';
import { getSatelliteContract } from '@/lib/shared/contracts/satellites';

export const GET = withApi(getSatelliteContract, async ({ db, params, locale }) => {
  const satellite = await findSatellite(db, params.slug, locale);
  if (!satellite) throw notFound();
  return satellite;
});
