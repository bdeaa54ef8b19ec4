'use client';

import { Alert, Button, Group, PasswordInput, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { ApiClientError } from '@/lib/client/api';
import { usePasswordEncryptor } from '@/lib/client/hooks/use-password-encryptor';
import { checkValidity, registerAccount, type Channel } from '@/lib/client/queries/accounts';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { isStrongPassword } from '@/lib/shared/auth/password-rule';
import { ChannelSwitch, CodeInput } from './channel-fields';
import { SendCode } from './send-code';

type Account = {
  username: string;
  password: string;
  confirm: string;
  channel: Channel;
  email: string;
  telephone: string;
  realName: string;
  organization: string;
};
type Errors = Partial<Record<keyof Account | 'code', string>>;
const EMPTY: Account = {
  username: '',
  password: '',
  confirm: '',
  channel: 'email',
  email: '',
  telephone: '',
  realName: '',
  organization: '',
};

/** Spec §3 register state: activeStep (account → verify → result), the captcha token, the result. */
export function RegisterForm({ mailConfigured }: { mailConfigured: boolean }) {
  const t = useTranslations('Register');
  const tp = useTranslations('PersonalInfo');
  const encrypt = usePasswordEncryptor();
  const openLogin = useSessionStore((s) => s.openLogin);
  const [activeStep, setActiveStep] = useState(0);
  const [account, setAccount] = useState<Account>(EMPTY);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);

  const set = (key: keyof Account) => (value: string) => setAccount((a) => ({ ...a, [key]: value }));
  const target = account.channel === 'email' ? account.email.trim() : account.telephone.trim();

  async function live(kind: 'username' | 'email' | 'telephone', value: string): Promise<string | undefined> {
    if (!value.trim()) return t('required');
    try {
      const result = await checkValidity(kind, value.trim());
      return result.valid ? undefined : t(result.reason === 'taken' ? 'taken' : 'format');
    } catch {
      return undefined;
    }
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const found: Errors = {};
    found.username = await live('username', account.username);
    if (!account.password) found.password = t('required');
    else if (!isStrongPassword(account.password)) found.password = t('weak');
    if (!account.confirm) found.confirm = t('required');
    else if (account.confirm !== account.password) found.confirm = t('mismatch');
    if (account.channel === 'email') found.email = await live('email', account.email);
    else found.telephone = await live('telephone', account.telephone);
    const clean = Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Errors;
    setErrors(clean);
    setBusy(false);
    if (Object.keys(clean).length === 0) setActiveStep(1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(code)) {
      setErrors({ code: t('codePlaceholder') });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await registerAccount({
        username: account.username.trim(),
        password: await encrypt(account.password),
        channel: account.channel,
        ...(account.email.trim() ? { email: account.email.trim() } : {}),
        ...(account.telephone.trim() ? { telephone: account.telephone.trim() } : {}),
        code,
        ...(account.realName.trim() ? { realName: account.realName.trim() } : {}),
        ...(account.organization.trim() ? { organization: account.organization.trim() } : {}),
      });
      setRegistered(typeof result === 'object' && result && 'username' in result ? String(result.username) : account.username);
      setActiveStep(2);
    } catch (error) {
      if (!(error instanceof ApiClientError && error.silent)) setFailure(error instanceof Error ? error.message : t('format'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stepper
      active={activeStep}
      allowNextStepsSelect={false}
      onStepClick={(step) => step < activeStep && activeStep < 2 && setActiveStep(step)}
    >
      <Stepper.Step label={t('stepAccount')}>
        <form onSubmit={next} noValidate>
          <Stack gap="sm" maw={480} mt="md">
            <TextInput
              label={t('username')}
              description={t('usernameHint')}
              required
              autoComplete="username"
              value={account.username}
              onChange={(e) => set('username')(e.currentTarget.value)}
              error={errors.username}
            />
            <PasswordInput
              label={t('password')}
              description={tp('passwordRule')}
              required
              autoComplete="new-password"
              value={account.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
              error={errors.password}
            />
            <PasswordInput
              label={t('confirmPassword')}
              required
              autoComplete="new-password"
              value={account.confirm}
              onChange={(e) => set('confirm')(e.currentTarget.value)}
              error={errors.confirm}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="verify-by">
                {t('verifyBy')}
              </Text>
              <ChannelSwitch labelledBy="verify-by" value={account.channel} onChange={(v) => set('channel')(v)} />
            </Stack>
            {account.channel === 'email' ? (
              <TextInput
                label={t('email')}
                type="email"
                required
                autoComplete="email"
                value={account.email}
                onChange={(e) => set('email')(e.currentTarget.value)}
                error={errors.email}
              />
            ) : (
              <TextInput
                label={t('telephone')}
                type="tel"
                required
                autoComplete="tel"
                value={account.telephone}
                onChange={(e) => set('telephone')(e.currentTarget.value)}
                error={errors.telephone}
              />
            )}
            <TextInput
              label={t('realName')}
              autoComplete="name"
              value={account.realName}
              onChange={(e) => set('realName')(e.currentTarget.value)}
            />
            <TextInput
              label={t('organization')}
              autoComplete="organization"
              value={account.organization}
              onChange={(e) => set('organization')(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} w="fit-content">
              {t('next')}
            </Button>
          </Stack>
        </form>
      </Stepper.Step>
      <Stepper.Step label={t('stepVerify')}>
        <Stack gap="sm" maw={480} mt="md">
          <Text>{t('codeSentTo', { target })}</Text>
          <SendCode channel={account.channel} target={target} purpose="register" />
          {(account.channel === 'telephone' || !mailConfigured) && (
            <Text size="xs" c="dimmed">
              {t('outboxHint', { channel: account.channel })}
            </Text>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {failure && (
                <Alert color="red" role="alert" data-testid="register-error">
                  {failure}
                </Alert>
              )}
              <CodeInput required value={code} onChange={setCode} error={errors.code} />
              <Group>
                <Button variant="default" onClick={() => setActiveStep(0)}>
                  {t('back')}
                </Button>
                <Button type="submit" loading={busy}>
                  {t('submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Stepper.Step>
      <Stepper.Completed>
        <Stack gap="md" maw={480} mt="md">
          <Alert color="green" role="status" data-testid="register-done">
            {t('done', { username: registered ?? '' })}
          </Alert>
          <Group>
            <Button onClick={() => openLogin()}>{t('loginNow')}</Button>
            <ButtonLink href="/home" variant="default">
              {t('backHome')}
            </ButtonLink>
          </Group>
        </Stack>
      </Stepper.Completed>
    </Stepper>
  );
}
