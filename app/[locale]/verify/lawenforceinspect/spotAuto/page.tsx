import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { clientMessageGroups } from '@/i18n/client-messages';
import type { Locale } from '@/i18n/routing';
import { SpotAutoScreen } from '@/components/verification/spot-auto-screen';
import { getEnv } from '@/lib/server/env';
import { VerifyPage, verifyMetadata } from '../_verify-page';

const MESSAGES = clientMessageGroups(['VerifyList', 'VerifyRoute', 'RegionPicker', 'MapView', 'Spots', 'Verification']);

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return verifyMetadata((await params).locale, 'spotAuto');
}

/** Law-enforcement inspection → the spots pushed to me (spec §2 spotAuto). */
export default async function SpotAutoPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  return (
    <VerifyPage locale={locale} screen="spotAuto" messages={MESSAGES}>
      {(access) => <SpotAutoScreen {...access} config={config} />}
    </VerifyPage>
  );
}
