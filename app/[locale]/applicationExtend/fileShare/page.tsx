import { permanentRedirect } from 'next/navigation';
import { LOCALE_PREFIXES, type Locale } from '@/i18n/routing';
import { fileShareListPath } from '@/lib/shared/share/paths';

type Props = { params: Promise<{ locale: Locale }> };

/** The file share has no page of its own: its first list is the entry. */
export default async function Page({ params }: Props) {
  permanentRedirect(`${LOCALE_PREFIXES[(await params).locale]}${fileShareListPath('application')}`);
}
