'use client';

import { Alert, Button, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { sendCode, type Channel, type Purpose } from '@/lib/client/queries/accounts';
import { randomCaptchaToken } from '@/lib/shared/auth/login-form';
import { CaptchaField } from './captcha-field';

/** Image captcha + "send code", with the resend countdown the server enforces. */
export function SendCode({ channel, target, purpose }: { channel: Channel; target: string; purpose: Purpose }) {
  const t = useTranslations('Register');
  const [token, setToken] = useState<string>(randomCaptchaToken);
  const [captcha, setCaptcha] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send() {
    if (!captcha.trim()) {
      setMessage({ ok: false, text: t('required') });
      return;
    }
    setBusy(true);
    try {
      const result = await sendCode(channel, target, { purpose, captcha: captcha.trim(), token });
      setWait(result.resendAfterSeconds);
      setMessage({ ok: true, text: t('codeSent') });
    } catch (error) {
      if (!(error instanceof ApiClientError && error.silent))
        setMessage({ ok: false, text: error instanceof Error ? error.message : t('format') });
    } finally {
      // Every attempt uses the image captcha up.
      setToken(randomCaptchaToken());
      setCaptcha('');
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <CaptchaField
        id={`${purpose}-captcha`}
        token={token}
        value={captcha}
        onChange={setCaptcha}
        onRefresh={() => setToken(randomCaptchaToken())}
      />
      <Button variant="light" onClick={send} loading={busy} disabled={wait > 0} w="fit-content" data-testid="send-code">
        {wait > 0 ? t('resendIn', { seconds: wait }) : t('sendCode')}
      </Button>
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'} data-testid="send-code-result">
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
