import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { clientMessageGroups } from '@/i18n/client-messages';
import type { Locale } from '@/i18n/routing';
import { SpotConfirmScreen } from '@/components/verification/spot-confirm-screen';
import { VerifyPage, verifyMetadata } from '../_verify-page';

const MESSAGES = clientMessageGroups(['VerifyList', 'RegionPicker', 'Spots', 'Verification']);

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return verifyMetadata((await params).locale, 'spotConfirm');
}

/** Law-enforcement inspection → the reviewer's queue (spec §2 spotConfirm). */
export default async function SpotConfirmPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <VerifyPage locale={locale} screen="spotConfirm" messages={MESSAGES}>
      {(access) => <SpotConfirmScreen {...access} />}
    </VerifyPage>
  );
}
