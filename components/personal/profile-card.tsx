'use client';

import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useOwnAreaRanges, usePermissionNames, useUserDetail } from '@/lib/client/queries/profile';
import { useRegion } from '@/lib/client/queries/regions';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={160} scope="row">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** An area range by its region's name, the code beside it (the code alone until the name arrives or if it is unknown). */
function RangeBadge({ code, title }: { code: string; title: string }) {
  const region = useRegion(code);
  return (
    <Badge size="lg" variant="outline" tt="none" title={title} data-region={code}>
      {region.data ? `${region.data.name} (${code})` : code}
    </Badge>
  );
}

/** The signed-in user's account, contacts, roles and area ranges. */
export function ProfileCard() {
  const t = useTranslations('PersonalInfo');
  const detail = useUserDetail();
  const ranges = useOwnAreaRanges();
  const names = usePermissionNames();
  const none = <Text c="dimmed">{t('none')}</Text>;

  if (detail.isPending) return <Skeleton height={320} radius="md" />;
  if (detail.isError || !detail.data) return <Alert color="red">{t('loadFailed')}</Alert>;
  const user = detail.data;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-title">
        <Title id="profile-title" order={2} size="h4" mb="sm">
          {t('profile')}
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false} data-testid="profile-table">
          <Table.Tbody>
            <Row label={t('username')}>{user.username}</Row>
            <Row label={t('realName')}>{user.realName ?? none}</Row>
            <Row label={t('organization')}>{user.organization ?? none}</Row>
            <Row label={t('accountType')}>{user.accountType === 0 ? t('accountPersonal') : t('accountInstitution')}</Row>
            <Row label={t('nodeType')}>{user.nodeType?.name ?? none}</Row>
            <Row label={t('roles')}>{user.roles.length ? user.roles.map((r) => r.name).join('、') : none}</Row>
            <Row label={t('telephone')}>{user.telephone?.value ?? none}</Row>
            <Row label={t('email')}>{user.email?.value ?? none}</Row>
            <Row label={t('pushNodes')}>
              {user.personInfo.relatePushNodeInfo.length ? user.personInfo.relatePushNodeInfo.map((n) => n.nodeName).join('、') : none}
            </Row>
            <Row label={t('permissions')}>
              <Group gap={6}>
                {!user.permissions.length
                  ? none
                  : names.isPending
                    ? user.permissions.map((p) => <Skeleton key={p} height={20} width={72} radius="xl" />)
                    : // Names only: the codes mean nothing to a user (an unknown code, which the seed never leaves, shows as is).
                      user.permissions.map((p) => (
                        <Badge key={p} variant="light" tt="none" data-code={p}>
                          {names.data?.get(p) ?? p}
                        </Badge>
                      ))}
              </Group>
            </Row>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="ranges-title">
        <Title id="ranges-title" order={2} size="h4" mb="sm">
          {t('areaRanges')}
        </Title>
        {ranges.isPending ? (
          <Skeleton height={40} />
        ) : ranges.data && ranges.data.length > 0 ? (
          <Group gap="xs" data-testid="area-ranges">
            {ranges.data.map((r) => (
              <RangeBadge key={r.id} code={r.regionId} title={t('regionCode')} />
            ))}
          </Group>
        ) : user.accountType === 0 ? (
          // A personal account has no range by design: say what ranges are for, not that something is missing.
          <Text size="sm" c="dimmed" data-testid="area-ranges-personal">
            {t('areaRangesPersonal')}
          </Text>
        ) : (
          <Alert color="yellow" data-testid="area-ranges-empty">
            {t('areaRangesEmpty')}
          </Alert>
        )}
      </Paper>
    </Stack>
  );
}
