import 'server-only';
/** What grants may name: the catalogue's satellites (with sensors and levels) and the spot types. */
import type { Locale } from '../../../i18n/routing';
import { MISSIONS } from '../../shared/catalogue/missions';
import { SPOT_TYPES, type SpotType } from '../../shared/contracts/push';
import { inLocale } from '../../shared/locale';
import { translateMessage } from '../i18n';

export function imageTypeList(locale: Locale) {
  return MISSIONS.map((m) => ({
    satellite: m.satellite,
    name: inLocale(locale, m.name.zh, m.name.en),
    group: m.group,
    sensors: m.sensors.map((s) => ({ code: s.code, productLevel: s.productLevel })),
  }));
}

export function spotTypeList(locale: Locale): Array<{ code: SpotType; name: string }> {
  return SPOT_TYPES.map((code) => ({ code, name: translateMessage(locale, `Push.spotTypes.${code}`) }));
}
