'use client';

/**
 * The checker's verdict form (issue 33, lawSpotDetail): a reason appears, and is required, for a verdict that needs
 * one; the approval number is required for a legal verdict (lib/shared/verification/case-form.ts holds the rules).
 * Editable only while the checker may submit; otherwise it shows what the case holds.
 */
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useDictionary } from '@/lib/client/queries/spots';
import type { CaseDetail } from '@/lib/shared/contracts/verification';
import {
  CASE_FORM_LIMITS,
  needsApproval,
  needsReason,
  type CaseFormDraft,
  type CaseFormField,
  type CaseFormProblem,
} from '@/lib/shared/verification/case-form';
import { caseDay } from '@/lib/shared/verification/case-view';
import { VERIFICATION_VERDICTS, type VerificationVerdict } from '@/lib/shared/workflow/machines/verification';
import classes from './case.module.css';

export const FORM_FIELD_ID = (caseId: string, field: CaseFormField) => `case-${caseId}-${field}`;

function ReadOnlyForm({ form }: { form: CaseDetail['form'] & { verdictName: string | null } }) {
  const t = useTranslations('VerifyCase.form');
  const format = useFormatter();
  if (!form.verdict) return <Text size="sm">{t('notYet')}</Text>;
  const rows: [string, string | null][] = [
    [t('verdict'), form.verdictName ?? form.verdict],
    [t('reason'), form.reasonName ?? form.reasonCode],
    [t('approvalNo'), form.approvalNo],
    [t('builder'), form.builder],
    [t('buildDate'), form.buildDate ? format.dateTime(caseDay(form.buildDate), 'day') : null],
    [t('remarks'), form.remarks],
  ];
  return (
    <dl className={classes.figures} data-testid="case-form-readonly">
      {rows.map(([label, value]) => (
        <div key={label} className={classes.figure}>
          <dt>{label}</dt>
          <dd style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value || t('empty')}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface CaseFormProps {
  detail: CaseDetail;
  editable: boolean;
  draft: CaseFormDraft;
  problems: Partial<Record<CaseFormField, CaseFormProblem>>;
  onChange: (patch: Partial<CaseFormDraft>) => void;
  /** A draft typed earlier was put back: say so, with a way to drop it. */
  restored: boolean;
  onDiscard: () => void;
}

export function CaseForm({ detail, editable, draft, problems, onChange, restored, onDiscard }: CaseFormProps) {
  const t = useTranslations('VerifyCase.form');
  const verdicts = useDictionary('VERIFY_VERDICT');
  const reasons = useDictionary('VERIFY_REASON');
  const headingId = `case-form-${detail.id}`;

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-testid="case-form" data-editable={editable}>
      <Title order={2} size="h5" id={headingId} mb="xs">
        {t('title')}
      </Title>
      {!editable ? (
        <Stack gap="xs">
          <ReadOnlyForm form={{ ...detail.form, verdictName: detail.verdictName }} />
          <Text size="xs" c="gray.7">
            {t('readOnly')}
          </Text>
        </Stack>
      ) : (
        <Stack gap="xs">
          {restored ? (
            <Alert color="blue" variant="light" p="xs" data-testid="draft-restored">
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="sm">{t('restored')}</Text>
                <Button size="compact-xs" variant="subtle" onClick={onDiscard}>
                  {t('discard')}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <VerdictFields
            caseId={detail.id}
            draft={draft}
            problems={problems}
            onChange={onChange}
            verdicts={(verdicts.data ?? []).map((v) => ({ value: v.itemValue, name: v.name }))}
            reasons={(reasons.data ?? []).map((r) => ({ value: r.itemValue, name: r.name }))}
          />
          <Text size="xs" c="gray.7">
            {t('keptHint')}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

/** A dictionary entry as the form lists it. */
export interface FormOption {
  value: string;
  name: string;
}

export interface VerdictFieldsProps {
  caseId: string;
  draft: CaseFormDraft;
  problems: Partial<Record<CaseFormField, CaseFormProblem>>;
  onChange: (patch: Partial<CaseFormDraft>) => void;
  /** The verdicts' and reasons' names (from the dictionaries; offline, from the downloaded package). */
  verdicts: readonly FormOption[];
  reasons: readonly FormOption[];
}

/** The fields of the verdict form with their rules, for the case page and the field app alike. */
export function VerdictFields({ caseId, draft, problems, onChange, verdicts, reasons }: VerdictFieldsProps) {
  const t = useTranslations('VerifyCase.form');
  const id = (field: CaseFormField) => FORM_FIELD_ID(caseId, field);
  const error = (field: CaseFormField) => (problems[field] ? t(`errors.${problems[field]}`) : undefined);
  const verdictName = (value: VerificationVerdict) => verdicts.find((v) => v.value === value)?.name ?? value;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <NativeSelect
          id={id('verdict')}
          label={t('verdict')}
          required
          value={draft.verdict ?? ''}
          error={error('verdict')}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onChange({ verdict: VERIFICATION_VERDICTS.find((v) => v === value) ?? null });
          }}
          data={[{ value: '', label: t('verdictPlaceholder') }, ...VERIFICATION_VERDICTS.map((v) => ({ value: v, label: verdictName(v) }))]}
          data-testid="form-verdict"
        />
        {needsReason(draft.verdict) ? (
          <NativeSelect
            id={id('reasonCode')}
            label={t('reason')}
            required
            value={draft.reasonCode}
            error={error('reasonCode')}
            onChange={(e) => onChange({ reasonCode: e.currentTarget.value })}
            data={[{ value: '', label: t('reasonPlaceholder') }, ...reasons.map((r) => ({ value: r.value, label: r.name }))]}
            data-testid="form-reason"
          />
        ) : null}
        {needsApproval(draft.verdict) ? (
          <TextInput
            id={id('approvalNo')}
            label={t('approvalNo')}
            required
            maxLength={CASE_FORM_LIMITS.approvalNo}
            value={draft.approvalNo}
            error={error('approvalNo')}
            onChange={(e) => onChange({ approvalNo: e.currentTarget.value })}
            data-testid="form-approval"
          />
        ) : null}
        <TextInput
          id={id('builder')}
          label={t('builder')}
          maxLength={CASE_FORM_LIMITS.builder}
          value={draft.builder}
          error={error('builder')}
          onChange={(e) => onChange({ builder: e.currentTarget.value })}
          data-testid="form-builder"
        />
        {/* A date picker as the other screens' (the browser's own, keyboard and phone friendly). */}
        <TextInput
          id={id('buildDate')}
          type="date"
          label={t('buildDate')}
          value={draft.buildDate}
          error={error('buildDate')}
          onChange={(e) => onChange({ buildDate: e.currentTarget.value })}
          data-testid="form-build-date"
        />
      </SimpleGrid>
      <Textarea
        id={id('remarks')}
        label={t('remarks')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={CASE_FORM_LIMITS.remarks}
        value={draft.remarks}
        error={error('remarks')}
        onChange={(e) => onChange({ remarks: e.currentTarget.value })}
        data-testid="form-remarks"
      />
    </>
  );
}
