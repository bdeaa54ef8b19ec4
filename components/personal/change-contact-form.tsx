'use client';

import { Alert, Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { changeContact, type Channel } from '@/lib/client/queries/accounts';
import { userKeys } from '@/lib/client/queries/users';
import { ChannelSwitch, CodeInput } from '../auth/channel-fields';
import { SendCode } from '../auth/send-code';

/** A new e-mail address or mobile number, proven by a code sent to it. */
export function ChangeContactForm() {
  const t = useTranslations('PersonalInfo');
  const tr = useTranslations('Register');
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<Channel>('email');
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const kind = channel === 'email' ? tr('email') : tr('telephone');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim() || !/^[0-9]{6}$/.test(code)) {
      setResult({ ok: false, message: tr('required') });
      return;
    }
    setBusy(true);
    try {
      await changeContact(channel, { value: value.trim(), code });
      await queryClient.invalidateQueries({ queryKey: userKeys.detail() });
      setResult({ ok: true, message: t('contactSaved') });
      setValue('');
      setCode('');
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
          {value.trim() && <SendCode channel={channel} target={value.trim()} purpose="change" />}
          <CodeInput value={code} onChange={setCode} />
          <Button type="submit" loading={busy} w="fit-content">
            {t('saveContact')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
