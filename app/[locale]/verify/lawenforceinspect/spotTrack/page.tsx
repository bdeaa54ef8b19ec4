import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { clientMessageGroups } from '@/i18n/client-messages';
import type { Locale } from '@/i18n/routing';
import { SpotTrackScreen } from '@/components/verification/spot-track-screen';
import { VerifyPage, verifyMetadata } from '../_verify-page';

const MESSAGES = clientMessageGroups(['VerifyList', 'RegionPicker', 'Spots', 'Verification']);

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return verifyMetadata((await params).locale, 'spotTrack');
}

/** Law-enforcement inspection → rectification and overdue cases by region (spec §2 spotTrack). */
export default async function SpotTrackPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <VerifyPage locale={locale} screen="spotTrack" messages={MESSAGES}>
      {(access) => <SpotTrackScreen {...access} />}
    </VerifyPage>
  );
}
