import { Group, Text } from '@/components/ui/mantine-static';
import { useTranslations } from 'next-intl';
import type { SVGProps } from 'react';
import type { MissionStatus } from '@/lib/shared/satellites/model';

// Dark enough for small text on white (≥ 6:1; Mantine's green-8 and orange-8 are about 3.5:1).
const COLORS: Record<MissionStatus | 'unknown', string> = {
  operational: '#25692f',
  partly: '#a6460b',
  retired: 'var(--mantine-color-gray-7)',
  unknown: 'var(--mantine-color-gray-7)',
};

function StatusIcon({ status, ...rest }: { status: MissionStatus | 'unknown' } & SVGProps<SVGSVGElement>) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false" {...rest}>
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {status === 'operational' && (
        <path d="M4.5 8.2 7 10.6l4.6-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      )}
      {status === 'partly' && <path d="M8 1a7 7 0 0 1 0 14z" fill="currentColor" />}
      {status === 'retired' && <path d="m5.2 5.2 5.6 5.6m0-5.6-5.6 5.6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
      {status === 'unknown' && (
        <path
          d="M6.2 6.2a1.9 1.9 0 1 1 2.6 1.8c-.5.2-.8.6-.8 1.1v.6M8 11.6v.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/** A mission's status as an icon and text (never colour alone). */
export function StatusBadge({ status, size = 'sm' }: { status: MissionStatus | null; size?: 'xs' | 'sm' | 'md' }) {
  const t = useTranslations('Satellites');
  const key = status ?? 'unknown';
  return (
    <Group gap={6} wrap="nowrap" component="span" style={{ color: COLORS[key], display: 'inline-flex' }}>
      <StatusIcon status={key} />
      <Text component="span" size={size} fw={600} c="inherit">
        {t(`status.${key}`)}
      </Text>
    </Group>
  );
}
