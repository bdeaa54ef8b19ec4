'use client';

import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { usePasswordEncryptor } from '@/lib/client/hooks/use-password-encryptor';
import { changeContact, type Channel } from '@/lib/client/queries/accounts';
import { userKeys } from '@/lib/client/queries/users';
import { ChannelSwitch, CodeInput } from '../auth/channel-fields';
import { SendCode } from '../auth/send-code';

/**
 * A new e-mail address or mobile number, proven by a code sent to it and by the current password (the old
 * address is told and the other sessions end, on the server).
 */
export function ChangeContactForm() {
  const t = useTranslations('PersonalInfo');
  const tr = useTranslations('Register');
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<Channel>('email');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const encrypt = usePasswordEncryptor();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const kind = channel === 'email' ? tr('email') : tr('telephone');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim() || !/^[0-9]{6}$/.test(code) || !password) {
      setResult({ ok: false, message: tr('required') });
      return;
    }
    setBusy(true);
    try {
      await changeContact(channel, { value: value.trim(), code, password: await encrypt(password) });
      await queryClient.invalidateQueries({ queryKey: userKeys.detail() });
      setResult({ ok: true, message: t('contactSaved') });
      setValue('');
      setCode('');
      setPassword('');
    } catch (error) {
      if (!(error instanceof ApiClientError && error.silent))
        setResult({ ok: false, message: error instanceof Error ? error.message : t('loadFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="contact-title">
      <Title id="contact-title" order={2} size="h4" mb="sm">
        {t('changeContact')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} data-testid="contact-result">
              {result.message}
            </Alert>
          )}
          <ChannelSwitch value={channel} onChange={setChannel} />
          <TextInput
            label={t('newValue', { kind })}
            type={channel === 'email' ? 'email' : 'tel'}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          {/* The code field appears with the way to get a code (issue 32.7). */}
          {value.trim() && (
            <>
              <SendCode channel={channel} target={value.trim()} purpose="change" />
              <CodeInput value={code} onChange={setCode} />
            </>
          )}
          <PasswordInput
            label={t('currentPassword')}
            description={t('currentPasswordHint')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} w="fit-content">
            {t('saveContact')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
