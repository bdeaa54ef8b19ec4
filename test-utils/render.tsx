/**
 * The one render for component tests (jsdom): the app's Mantine theme, next-intl with the real
 * messages of `locale` (English unless asked), and a fresh React Query client that does not retry, so
 * a failing answer shows at once. `rerender` keeps the same providers and client.
 *
 *   const { queryClient, rerender } = render(<RegionPicker … />, { locale: 'zh' });
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  configure,
  render as testingLibraryRender,
  renderHook as testingLibraryRenderHook,
  type queries,
  type RenderHookResult,
  type RenderResult,
} from '@testing-library/react';
import { NextIntlClientProvider, type Locale } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/components/providers/theme';
import { formats } from '@/i18n/formats';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';

const MESSAGES = { zh, en } as const;

// findBy…/waitFor give up after 1 s by default: on a two-core CI runner busy with other suites, a picker's
// regions or a query's answer took longer, and a sound test failed. Five seconds still fails a broken one.
configure({ asyncUtilTimeout: 5000 });

export interface AppRenderOptions {
  locale?: Locale;
  /** A client of the test's own (e.g. to seed or read the cache); a fresh one otherwise. */
  queryClient?: QueryClient;
}

export type AppRenderResult = RenderResult & { queryClient: QueryClient };

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** What Mantine reads from a browser and jsdom lacks; a test may install its own first. */
function installBrowserStubs(): void {
  if (typeof window === 'undefined') return;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

function providers(locale: Locale, queryClient: QueryClient) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Shanghai" formats={formats}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </NextIntlClientProvider>
      </MantineProvider>
    );
  };
}

export function render(ui: ReactElement, { locale = 'en', queryClient = createTestQueryClient() }: AppRenderOptions = {}): AppRenderResult {
  installBrowserStubs();
  return { ...testingLibraryRender<typeof queries>(ui, { wrapper: providers(locale, queryClient) }), queryClient };
}

/** A hook (e.g. a query hook of lib/client/queries) inside the same providers. */
export function renderHook<Result, Props = undefined>(
  hook: (props: Props) => Result,
  { locale = 'en', queryClient = createTestQueryClient(), initialProps }: AppRenderOptions & { initialProps?: Props } = {},
): RenderHookResult<Result, Props> & { queryClient: QueryClient } {
  installBrowserStubs();
  return { ...testingLibraryRenderHook(hook, { wrapper: providers(locale, queryClient), initialProps }), queryClient };
}

export * from '@testing-library/react';
