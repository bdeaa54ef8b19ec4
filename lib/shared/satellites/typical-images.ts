/** What a typical-image page shows: the sensor's uses, its scene products and the DEMO scene metadata. */
import type { SatelliteArea, TypicalImageSlug } from './model';

export interface DemoSceneView {
  sceneId: string;
  acquiredOn: string;
  sensor: string;
  regionCode: string;
  /** County at the scene centre, and the city and province it lies in (caller's language). */
  county: string;
  city: string | null;
  province: string | null;
  /** Null for radar scenes (clouds do not matter). */
  cloudPct: number | null;
  resolutionM: number;
  /** [west, south, east, north] in degrees. */
  bbox: [number, number, number, number];
  /** SVG path of the footprint in the illustration's coordinates (longitude, minus latitude). */
  path: string;
}

export interface TypicalImageView {
  slug: TypicalImageSlug;
  area: SatelliteArea;
  name: string;
  shortName: string;
  uses: string[];
  products: { sensor: string; resolutionM: number; sceneKm: number; optical: boolean }[];
  scenes: DemoSceneView[];
  /** Illustration: China's outline and the footprints, as SVG paths in one view box. */
  illustration: { viewBox: [number, number, number, number]; outline: string } | null;
}
