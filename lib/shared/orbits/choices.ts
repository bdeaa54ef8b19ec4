/** The satellites the orbital prediction screen offers, grouped as the satellite pages group them. */
import type { SatelliteGroup } from '../satellites/model';

export interface OrbitSpacecraft {
  norad: number;
  name: string;
}

export interface OrbitMission {
  slug: string;
  group: SatelliteGroup;
  name: string;
  /** Widest published swath (km); null: none published, so the prediction skips it. */
  swathKm: number | null;
  spacecraft: OrbitSpacecraft[];
}
