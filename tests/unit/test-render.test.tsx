/**
 * @jest-environment jsdom
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { render, screen } from '@/test-utils/render';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';

function Probe() {
  const t = useTranslations('MapView');
  const query = useQuery({
    queryKey: ['probe'],
    queryFn: () => {
      calls += 1;
      return Promise.reject(new Error('down'));
    },
  });
  return (
    <p>
      {t('loading')}|{query.isError ? 'failed' : 'waiting'}
    </p>
  );
}
let calls = 0;

describe('test-utils/render', () => {
  beforeEach(() => (calls = 0));

  it.each([
    ['en', en.MapView.loading],
    ['zh', zh.MapView.loading],
  ] as const)('renders with the %s messages and shows a failed query at once (no retries)', async (locale, text) => {
    const { queryClient } = render(<Probe />, { locale });
    expect(await screen.findByText(`${text}|failed`)).toBeTruthy();
    expect(calls).toBe(1);
    expect(queryClient.getQueryState(['probe'])?.status).toBe('error');
  });
});
