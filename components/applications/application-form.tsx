'use client';

import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { UploadArea } from '@/components/catalog/upload-area';
import { RegionPicker } from '@/components/regions/region-picker';
import { Link } from '@/i18n/navigation';
import { clearApplyDraft, parseApplyDraft, readApplyDraftText, type ApplyDraft } from '@/lib/client/apply-draft';
import { submitApplication } from '@/lib/client/queries/applications';
import { useUserDetail } from '@/lib/client/queries/profile';
import { useIssueText } from '@/lib/client/use-issue-text';
import { SELECT_MODES } from '@/lib/shared/contracts/catalogue';
import type { UserDetail } from '@/lib/shared/contracts/users';
import {
  createRequestBodySchema,
  REQUEST_LIMITS,
  type CreateRequestBody,
  type RequestArea,
  type RequestDetail,
} from '@/lib/shared/contracts/requests';
import { ORDER_LIMITS } from '@/lib/shared/orders/model';

type Kind = 'scenes' | 'area';
type AreaSource = 'region' | 'upload' | 'query';
type Errors = Partial<Record<string, string>>;

const MB = ORDER_LIMITS.maxAttachmentBytes / 1024 / 1024;
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The first field of an issue path, as the form names its inputs. */
const fieldOf = (path: readonly PropertyKey[]) =>
  path[0] === 'contact' ? `contact.${String(path[1] ?? 'name')}` : String(path[0] ?? 'form');

const noSubscription = () => () => {};

/**
 * The new application: for the scenes checked on the image query (handed over in session storage), or
 * for an area (a region, a file uploaded here, or the image query's area) and period; organisation, project, purpose,
 * contact (filled in from the profile) and an optional PDF. Checked with the API's own schema first,
 * sent once per form (its idempotency key), with upload progress.
 */
export function ApplicationForm() {
  // The image query's hand-over lives in the browser only: none while rendering on the server.
  const draftText = useSyncExternalStore(noSubscription, readApplyDraftText, () => null);
  const draft = useMemo(() => parseApplyDraft(draftText), [draftText]);
  const profile = useUserDetail();
  if (profile.isPending) return <Skeleton h={480} radius="md" />;
  return <Form key={draftText ?? 'blank'} handed={draft} user={profile.data ?? null} />;
}

function Form({ handed, user }: { handed: ApplyDraft | null; user: UserDetail | null }) {
  const t = useTranslations('Applications');
  const locale = useLocale();
  const issueText = useIssueText();
  const [draft, setDraft] = useState<ApplyDraft | null>(handed);
  const [kind, setKind] = useState<Kind>(handed && handed.sceneIds.length > 0 ? 'scenes' : 'area');
  const [areaSource, setAreaSource] = useState<AreaSource>(handed?.area ? 'query' : 'region');
  const [regionCode, setRegionCode] = useState<string | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [dateFrom, setDateFrom] = useState(handed?.dateFrom ?? isoDay(-365));
  const [dateTo, setDateTo] = useState(handed?.dateTo ?? isoDay(0));
  const [organization, setOrganization] = useState(user?.organization ?? '');
  const [project, setProject] = useState('');
  const [purpose, setPurpose] = useState('');
  const [contactName, setContactName] = useState(user ? (user.realName ?? user.username) : '');
  // The profile shows masked contacts; their links carry them whole.
  const [phone, setPhone] = useState(user?.telephone?.uri.replace(/^tel:(\+86)?/, '') ?? '');
  const [email, setEmail] = useState(user?.email?.uri.replace(/^mailto:/, '') ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<RequestDetail | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());

  const sceneIds = draft?.sceneIds ?? [];
  const queryArea: RequestArea | null = draft?.area ?? null;
  const area: RequestArea | undefined =
    areaSource === 'query' && queryArea
      ? queryArea
      : areaSource === 'upload'
        ? uploadId
          ? { mode: SELECT_MODES.SHP, uploadId }
          : undefined
        : regionCode
          ? { mode: SELECT_MODES.REGION, regionCodes: [regionCode] }
          : undefined;

  const body = (): CreateRequestBody => ({
    idempotencyKey: key,
    kind,
    ...(kind === 'scenes' ? { sceneIds } : { area, dateFrom, dateTo }),
    organization,
    project,
    purpose,
    contact: { name: contactName, phone, email },
  });

  function check(): Errors {
    const found: Errors = {};
    const result = createRequestBodySchema.safeParse(body());
    if (!result.success) for (const issue of result.error.issues) found[fieldOf(issue.path)] ??= issueText(issue);
    if (file && file.size > ORDER_LIMITS.maxAttachmentBytes) found.file = t('errors.attachmentTooLarge', { mb: MB });
    if (file && !/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') found.file = t('errors.attachmentNotPdf');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (progress !== undefined) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0]!;
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setProgress(file ? 0 : null);
    try {
      const { promise } = submitApplication(body(), file, { locale, fallback: t('sendFailed'), onProgress: setProgress });
      const answer = await promise;
      setSent(answer.request);
      clearApplyDraft();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('sendFailed'));
    } finally {
      setProgress(undefined);
    }
  }

  if (sent) {
    return (
      <Alert color="green" role="status" title={t('sent')} data-testid="application-sent">
        <Text size="sm">{t('sentBody', { code: sent.code })}</Text>
        <Group gap="sm" mt="sm">
          <Button component={Link} href="/personal/personalCenter/myApply" size="xs">
            {t('toList')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setSent(null);
              setKey(crypto.randomUUID());
              setDraft(null);
              setKind('area');
              setProject('');
              setPurpose('');
              setFile(null);
            }}
          >
            {t('another')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const busy = progress !== undefined;
  const err = (name: string) => errors[name];
  return (
    <form onSubmit={submit} noValidate aria-labelledby="application-form-title" data-testid="application-form">
      <Stack gap="lg">
        <div>
          <Title order={1} id="application-form-title">
            {t('newTitle')}
          </Title>
          <Text mt="xs">{t('newIntro')}</Text>
        </div>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('form.what')}
            </Title>
            <SegmentedControl
              value={kind}
              onChange={(v) => setKind(v as Kind)}
              aria-label={t('form.kind')}
              data={[
                { value: 'scenes', label: t('form.kindScenes'), disabled: sceneIds.length === 0 },
                { value: 'area', label: t('form.kindArea') },
              ]}
              data-testid="application-kind"
            />
            {kind === 'scenes' ? (
              <Stack gap={4} data-field="sceneIds" tabIndex={-1}>
                <Text size="sm" data-testid="application-scene-count">
                  {t('form.scenesChosen', { count: sceneIds.length })}
                </Text>
                <Anchor component={Link} href="/normal" size="sm">
                  {t('form.changeScenes')}
                </Anchor>
                {err('sceneIds') ? (
                  <Text c="red" size="sm" role="alert">
                    {err('sceneIds')}
                  </Text>
                ) : null}
              </Stack>
            ) : (
              <Stack gap="sm">
                {sceneIds.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('form.noScenesHint')}{' '}
                    <Anchor component={Link} href="/normal" size="sm">
                      {t('form.toQuery')}
                    </Anchor>
                  </Text>
                ) : null}
                <SegmentedControl
                  value={areaSource}
                  onChange={(v) => setAreaSource(v as AreaSource)}
                  aria-label={t('form.areaSource')}
                  data-testid="application-area-source"
                  data={[
                    ...(queryArea ? [{ value: 'query', label: t('form.areaFromQuery') }] : []),
                    { value: 'region', label: t('form.areaRegion') },
                    { value: 'upload', label: t('form.areaUpload') },
                  ]}
                />
                {areaSource === 'upload' ? (
                  <div data-field="area" tabIndex={-1}>
                    <Text size="sm" mb={4}>
                      {t('form.uploadHint')}
                    </Text>
                    <UploadArea id={uploadId} onChange={setUploadId} />
                  </div>
                ) : areaSource === 'region' || !queryArea ? (
                  <div data-field="area" tabIndex={-1}>
                    <RegionPicker value={regionCode} onChange={(code) => setRegionCode(code)} label={t('form.region')} />
                  </div>
                ) : (
                  <Text size="sm" data-field="area" tabIndex={-1}>
                    {t('form.queryArea')}
                  </Text>
                )}
                {err('area') ? (
                  <Text c="red" size="sm" role="alert">
                    {err('area')}
                  </Text>
                ) : null}
                <Group grow wrap="wrap" gap="sm" align="flex-start">
                  <TextInput
                    type="date"
                    label={t('form.dateFrom')}
                    required
                    value={dateFrom}
                    onChange={(e) => setDateFrom(e.currentTarget.value)}
                    error={err('dateFrom')}
                    data-field="dateFrom"
                    miw={150}
                  />
                  <TextInput
                    type="date"
                    label={t('form.dateTo')}
                    required
                    value={dateTo}
                    onChange={(e) => setDateTo(e.currentTarget.value)}
                    error={err('dateTo')}
                    data-field="dateTo"
                    miw={150}
                  />
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('form.who')}
            </Title>
            <TextInput
              label={t('form.organization')}
              required
              maxLength={REQUEST_LIMITS.organizationMax}
              value={organization}
              onChange={(e) => setOrganization(e.currentTarget.value)}
              error={err('organization')}
              data-field="organization"
            />
            <TextInput
              label={t('form.project')}
              required
              maxLength={REQUEST_LIMITS.projectMax}
              value={project}
              onChange={(e) => setProject(e.currentTarget.value)}
              error={err('project')}
              data-field="project"
              data-testid="application-project"
            />
            <Textarea
              label={t('form.purpose')}
              required
              autosize
              minRows={3}
              maxLength={REQUEST_LIMITS.purposeMax}
              value={purpose}
              onChange={(e) => setPurpose(e.currentTarget.value)}
              error={err('purpose')}
              data-field="purpose"
              data-testid="application-purpose"
            />
            <Group grow wrap="wrap" gap="sm" align="flex-start">
              <TextInput
                label={t('form.contactName')}
                required
                maxLength={REQUEST_LIMITS.nameMax}
                value={contactName}
                onChange={(e) => setContactName(e.currentTarget.value)}
                error={err('contact.name')}
                data-field="contact.name"
                miw={180}
              />
              <TextInput
                label={t('form.phone')}
                type="tel"
                maxLength={REQUEST_LIMITS.phoneMax}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value)}
                error={err('contact.phone')}
                data-field="contact.phone"
                miw={180}
              />
              <TextInput
                label={t('form.email')}
                type="email"
                maxLength={REQUEST_LIMITS.emailMax}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={err('contact.email')}
                data-field="contact.email"
                miw={180}
              />
            </Group>
            <FileInput
              label={t('form.attachment')}
              description={t('form.attachmentHint', { mb: MB })}
              placeholder={t('form.attachmentPlaceholder')}
              accept="application/pdf,.pdf"
              clearable
              clearButtonProps={{ 'aria-label': t('form.attachmentClear') }}
              value={file}
              onChange={setFile}
              error={err('file')}
              data-field="file"
            />
          </Stack>
        </Paper>

        {failure ? (
          <Alert color="red" role="alert" title={t('sendFailed')} data-testid="application-failure">
            {failure}
          </Alert>
        ) : null}
        {busy && file ? <Progress value={progress ?? 100} animated={progress === null} aria-label={t('uploading')} /> : null}
        <Group gap="sm">
          <Button type="submit" loading={busy} data-testid="application-submit">
            {t('submit')}
          </Button>
          <Button component={Link} href="/personal/personalCenter/myApply" variant="default">
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
