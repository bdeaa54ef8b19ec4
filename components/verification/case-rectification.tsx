'use client';

/**
 * Rectification checked on imagery (issue 34.3, lawSpotDetail): for an illegal case reported rectified, the scenes
 * covering the spot acquired since (newest first, satellite and cloud shown, each opening in the image query) and the
 * next land-cover batch's spots at the same place. The province chooses the one it cites when it closes the case
 * (a radio group; the server checks the choice is in this list).
 */
import { Anchor, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { CaseDetail } from '@/lib/shared/contracts/verification';
import { sceneLink } from '@/lib/shared/verification/case-view';

/** What closing the case cites, as the move's body carries it. */
export type CitedEvidence = { kind: 'scene' | 'spot'; id: string };

export const citedValue = (e: CitedEvidence) => `${e.kind}:${e.id}`;

function parseCited(value: string): CitedEvidence | null {
  const [kind, ...rest] = value.split(':');
  return kind === 'scene' || kind === 'spot' ? { kind, id: rest.join(':') } : null;
}

export const RECTIFICATION_CHOICE_ID = (caseId: string) => `case-rectification-choice-${caseId}`;

export function CaseRectification({
  detail,
  cited,
  onCite,
  canClose,
  error,
}: {
  detail: CaseDetail;
  cited: CitedEvidence | null;
  onCite: (evidence: CitedEvidence | null) => void;
  /** Whether my roles may close the case (then the list is a choice). */
  canClose: boolean;
  error: string | null;
}) {
  const t = useTranslations('VerifyCase.rectification');
  const format = useFormatter();
  const r = detail.rectification;
  if (!r) return null;
  const headingId = `case-rectification-${detail.id}`;
  const nothing = r.scenes.length === 0 && r.spots.length === 0;
  const sceneText = (s: (typeof r.scenes)[number]) =>
    t('scene', {
      satellite: s.satellite,
      sensor: s.sensor,
      date: format.dateTime(new Date(s.acquiredAt), 'moment'),
      cloud: s.cloudPct === null ? t('cloudUnknown') : t('cloud', { value: format.number(s.cloudPct, { maximumFractionDigits: 1 }) }),
    });
  const spotText = (s: (typeof r.spots)[number]) =>
    t('spot', {
      quarter: s.quarter,
      id: s.id,
      type: s.typeName ?? '—',
      date: format.dateTime(new Date(`${s.detectedOn}T00:00:00Z`), 'day'),
      overlap: format.number(s.overlapM2, { maximumFractionDigits: 0 }),
    });
  const choice = (value: string, label: string, testId: string) =>
    canClose ? <Radio value={value} label={label} data-testid={testId} /> : <Text size="sm">{label}</Text>;
  const body = (
    <Stack gap="sm">
      <div>
        <Text fw={600} size="sm">
          {t('scenesTitle', { count: r.scenes.length })}
        </Text>
        <Text size="xs" c="gray.7">
          {t('scenesNote')}
        </Text>
        {r.scenes.length === 0 ? (
          <Text size="sm" data-testid="rectification-no-scenes">
            {t('noScenes')}
          </Text>
        ) : (
          <Stack component="ul" gap={6} mt={4} p={0} style={{ listStyle: 'none' }} data-testid="rectification-scenes">
            {r.scenes.map((s) => (
              <li key={s.id} data-scene-id={s.id}>
                {choice(citedValue({ kind: 'scene', id: s.id }), sceneText(s), `cite-scene-${s.id}`)}
                <Anchor component={Link} href={sceneLink(s, detail.xzqdm)} size="xs" ml={canClose ? 30 : 0}>
                  {t('open')}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </div>
      <div>
        <Text fw={600} size="sm">
          {t('spotsTitle')}
        </Text>
        {r.spots.length === 0 ? (
          <Text size="sm" data-testid="rectification-no-spots">
            {t('noSpots')}
          </Text>
        ) : (
          <Stack component="ul" gap={6} mt={4} p={0} style={{ listStyle: 'none' }} data-testid="rectification-spots">
            {r.spots.map((s) => (
              <li key={s.id} data-spot-id={s.id}>
                {choice(citedValue({ kind: 'spot', id: s.id }), spotText(s), `cite-spot-${s.id}`)}
              </li>
            ))}
          </Stack>
        )}
      </div>
      {canClose && nothing ? (
        <Text size="sm" c="orange.9">
          {t('cannotClose')}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-testid="case-rectification">
      <Title order={2} size="h5" id={headingId} mb={4}>
        {t('title')}
      </Title>
      <Text size="sm" mb="xs">
        {t('intro', { date: format.dateTime(new Date(r.rectifiedAt), 'moment') })}
      </Text>
      {canClose && !nothing ? (
        <Radio.Group
          label={t('choose')}
          value={cited ? citedValue(cited) : null}
          onChange={(value) => onCite(parseCited(value))}
          error={error}
        >
          <div style={{ marginTop: 6 }} id={RECTIFICATION_CHOICE_ID(detail.id)}>
            {body}
          </div>
        </Radio.Group>
      ) : (
        body
      )}
    </Paper>
  );
}
