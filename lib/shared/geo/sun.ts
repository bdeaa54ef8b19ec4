/**
 * Solar position (NOAA's low-precision formulae after Spencer/Meeus: declination and equation of time
 * from the fractional year), accurate to a fraction of a degree — enough to decide daylight and to
 * store a scene's sun elevation and azimuth (demo catalogue) and a predicted pass's (orbital prediction).
 */

const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface SunPosition {
  /** Degrees above the horizon. */
  elevation: number;
  /** Degrees clockwise from north, [0, 360). */
  azimuth: number;
}

export function sunPosition(timeMs: number, lon: number, lat: number): SunPosition {
  const date = new Date(timeMs);
  const year = date.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const daysInYear = (Date.UTC(year + 1, 0, 1) - startOfYear) / 86_400_000;
  const hours = date.getUTCHours() + date.getUTCMinutes() / 60 + date.getUTCSeconds() / 3600;
  const dayOfYear = Math.floor((timeMs - startOfYear) / 86_400_000) + 1;
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear - 1 + (hours - 12) / 24);
  const eqTime =
    229.18 * (0.000075 + 0.001868 * Math.cos(g) - 0.032077 * Math.sin(g) - 0.014615 * Math.cos(2 * g) - 0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const trueSolarMinutes = (((hours * 60 + eqTime + 4 * lon) % 1440) + 1440) % 1440;
  const hourAngle = (trueSolarMinutes / 4 - 180) * RAD;
  const phi = lat * RAD;
  const cosZenith = Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(hourAngle);
  const zenith = Math.acos(Math.max(-1, Math.min(1, cosZenith)));
  const azimuth = Math.atan2(Math.sin(hourAngle), Math.cos(hourAngle) * Math.sin(phi) - Math.tan(decl) * Math.cos(phi)) * DEG + 180;
  return { elevation: 90 - zenith * DEG, azimuth: ((azimuth % 360) + 360) % 360 };
}
