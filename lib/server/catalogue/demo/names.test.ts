import { cresdaName, gf3Name, jilinName, landsatName, sentinel1Name, sentinel2Name, superviewName, tripleSatName } from './names';
import { mgrsTile } from './mgrs';

const t = Date.UTC(2025, 2, 12, 3, 5, 39);
const day = 86_400_000;

describe('demo scene file names follow each mission', () => {
  it('CRESDA: satellite_sensor_Elon_Nlat_date_level+serial', () => {
    expect(cresdaName('GF1', 'PMS1', 114.63, 38.08, t, 'L1A', 4623312)).toBe('GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312');
    expect(cresdaName('GF1', 'WFV3', 100.04, 40.96, t, 'L1A', 1)).toBe('GF1_WFV3_E100.0_N41.0_20250312_L1A0000000001');
    expect(cresdaName('ZY302', 'TMS', 87.61, 43.82, t, 'L1A', 12)).toBe('ZY302_TMS_E87.6_N43.8_20250312_L1A0000000012');
    expect(cresdaName('CB04A', 'WPM', 120.2, 30.3, t, 'L1A', 7)).toBe('CB04A_WPM_E120.2_N30.3_20250312_L1A0000000007');
  });

  it('GF-3: station, mode, orbit, centre, date, polarisation, serial', () => {
    expect(gf3Name('KAS', 'FSII', 20345, 116.6, 39.9, t, 'HHHV', 4623312)).toBe(
      'GF3_KAS_FSII_020345_E116.6_N39.9_20250312_L1A_HHHV_L10004623312',
    );
  });

  it('Landsat Collection 2: WRS-2 path/row, acquisition and processing dates, tier', () => {
    expect(landsatName('LC09', 'L1TP', 123, 33, t, t + 8 * day, 'T1')).toBe('LC09_L1TP_123033_20250312_20250320_02_T1');
  });

  it('Sentinel-2 L1C: datatake time, baseline, relative orbit, MGRS tile, processing time', () => {
    expect(sentinel2Name('S2B', t, '0511', 75, '50SKH', Date.UTC(2025, 2, 12, 5, 5, 12))).toBe(
      'S2B_MSIL1C_20250312T030539_N0511_R075_T50SKH_20250312T050512',
    );
  });

  it('Sentinel-1 GRD: start, stop, absolute orbit, datatake and product ids in hex', () => {
    expect(sentinel1Name('S1A', 'IW', Date.UTC(2025, 2, 12, 10, 15, 30), Date.UTC(2025, 2, 12, 10, 15, 55), 58263, 0x073456, 0xabcd)).toBe(
      'S1A_IW_GRDH_1SDV_20250312T101530_20250312T101555_058263_073456_ABCD',
    );
  });

  it('Jilin-1, SuperView-1 and Beijing-2 in their operators’ styles', () => {
    expect(jilinName('JL1GF02A', 'PMS1', t, 200045012, 19)).toBe('JL1GF02A_PMS1_20250312030539_200045012_101_0019_001_L1');
    expect(superviewName(3, t, 'L1A', 234562, '1012001701010001')).toBe('SV1-03_20250312_L1A0000234562_1012001701010001');
    expect(tripleSatName(2, t, '0023E5VI', 6)).toBe('TRIPLESAT_2_PMS_L1_20250312030539_0023E5VI_006');
  });

  it('MGRS tiles of known places (Sentinel-2 tile codes)', () => {
    // Shijiazhuang (the tile of the Sentinel-2 example name) and Shanghai.
    expect(mgrsTile(114.6, 38.1)).toBe('50SKH');
    expect(mgrsTile(121.47, 31.23)).toBe('51RUQ');
  });
});
