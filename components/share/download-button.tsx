'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api-config';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { groupMarkup, textMarkup } from '@/components/ui/mantine-markup';
import plain from '@/components/ui/plain.module.css';

interface Props {
  itemId: string;
  fileName: string;
  /** Downloads when the page was rendered. */
  downloadCount: number;
  loginRequired: boolean;
  size?: 'sm' | 'md';
}

/**
 * Asks the server for a signed, expiring link and then navigates to it (the answer is an attachment,
 * so the page stays). The count shown is the server's live count plus this download. A login-only
 * item opens the login dialog first and downloads after a successful login.
 */
export function DownloadButton({ itemId, fileName, downloadCount, loginRequired, size = 'md' }: Props) {
  const t = useTranslations('Share.download');
  const user = useSessionStore(selectUser);
  const openLogin = useSessionStore((s) => s.openLogin);
  const [count, setCount] = useState(downloadCount);
  const [state, setState] = useState<'idle' | 'busy' | 'started' | 'failed'>('idle');
  const [message, setMessage] = useState('');

  async function download() {
    setState('busy');
    try {
      // The contract (and zod with it) and the fetch wrapper load on the first click, not with the page.
      const [{ signShareDownloadContract }, { apiFetch }] = await Promise.all([
        import('@/lib/shared/contracts/share'),
        import('@/lib/client/api'),
      ]);
      const link = await apiFetch(signShareDownloadContract, { params: { id: itemId } });
      window.location.assign(link.url);
      setCount(link.downloadCount + 1);
      setState('started');
      setMessage(t('downloadStarted'));
    } catch (error) {
      setState('failed');
      setMessage(error instanceof ApiClientError && error.message ? error.message : t('downloadFailed'));
    }
  }

  const needsLogin = loginRequired && !user;
  return (
    <div {...groupMarkup('sm')}>
      <button
        type="button"
        className={`${plain.button} ${plain.filled} ${size === 'sm' ? plain.sm : ''}`}
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
        onClick={() => (needsLogin ? openLogin({ then: () => void download() }) : void download())}
        aria-label={needsLogin ? t('loginToDownload') : t('downloadNamed', { name: fileName })}
        data-testid="download-button"
      >
        {state === 'busy' && <span className={plain.spinner} aria-hidden="true" />}
        {needsLogin ? t('loginToDownload') : t('download')}
      </button>
      <p {...textMarkup('sm', 'dimmed')} data-testid="download-count">
        {t('downloads', { count })}
      </p>
      <p {...textMarkup('sm', state === 'failed' ? 'red.8' : 'teal.8')} role={state === 'failed' ? 'alert' : 'status'}>
        {state === 'busy' ? t('preparing') : message}
      </p>
    </div>
  );
}
