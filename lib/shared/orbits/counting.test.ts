import { OPTICAL_MIN_SUN_ELEVATION_DEG } from '../satellites/model';
import { passStatus } from './counting';
import { positionUncertaintyKm } from './uncertainty';

const day = { sunElevationDeg: 45, uncertaintyKm: 3 };

describe('which passes count toward the coverage', () => {
  it('does not count an optical pass at night or with a low sun, and says so', () => {
    expect(OPTICAL_MIN_SUN_ELEVATION_DEG).toBe(10);
    expect(passStatus({ ...day, sensorKind: 'pan-multispectral', swathKm: 90, sunElevationDeg: -50 })).toBe('lowSun');
    expect(passStatus({ ...day, sensorKind: 'multispectral', swathKm: 800, sunElevationDeg: 9.9 })).toBe('lowSun');
    expect(passStatus({ ...day, sensorKind: 'pan-multispectral', swathKm: 90, sunElevationDeg: 10 })).toBe('counted');
  });

  it('counts radar and thermal passes by night too', () => {
    expect(passStatus({ ...day, sensorKind: 'sar', swathKm: 30, sunElevationDeg: -50 })).toBe('counted');
    expect(passStatus({ ...day, sensorKind: 'thermal', swathKm: 400, sunElevationDeg: -50 })).toBe('counted');
  });

  it('calls a pass only possible once the elements’ uncertainty reaches half its swath', () => {
    const stale = positionUncertaintyKm(98); // ±197 km
    expect(passStatus({ ...day, sensorKind: 'pan-multispectral', swathKm: 90, uncertaintyKm: stale })).toBe('possible');
    expect(passStatus({ ...day, sensorKind: 'sar', swathKm: 30, uncertaintyKm: stale, sunElevationDeg: -5 })).toBe('possible');
    expect(passStatus({ ...day, sensorKind: 'multispectral', swathKm: 800, uncertaintyKm: stale })).toBe('counted');
    expect(passStatus({ ...day, sensorKind: 'pan-multispectral', swathKm: 90, uncertaintyKm: 45 })).toBe('possible');
    expect(passStatus({ ...day, sensorKind: 'pan-multispectral', swathKm: 90, uncertaintyKm: 44 })).toBe('counted');
  });
});
