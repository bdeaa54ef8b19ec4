import { expect, type Locator, type Page } from '@playwright/test';
import { PortalPage, type Lang } from './portal-page';

export const REGION_PREDICTION_PATH = '/api/sateorbit/v2/satorbit/region';

const TEXT = {
  zh: { province: '省份', add: '添加行政区', days: '天数（1–14）', start: '开始日期（北京时间 0 时起）', predicted: '预测，非确认的成像', elements: '轨道根数', csv: '过境（CSV）' },
  en: { province: 'Province', add: 'Add region', days: 'Days (1–14)', start: 'Start date (China time, from 00:00)', predicted: 'Predicted, not a confirmed acquisition', elements: 'Orbital elements', csv: 'Passes (CSV)' },
} as const;

/** What the tests read of a prediction answer. */
export interface ApiPrediction {
  passes: { id: string; norad: number; sharePct: number; status: 'counted' | 'possible' | 'lowSun'; uncertaintyKm: number }[];
  satellites: { norad: number; skipped: string | null }[];
  union: { sharePct: number };
}

/** The orbital prediction screen as a user meets it: the form, the results, the timeline, the map and the pass list. */
export class OrbitalPredictPage {
  readonly portal: PortalPage;
  readonly text: (typeof TEXT)[Lang];
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.portal = new PortalPage(page, lang);
    this.text = TEXT[lang];
    page.on('pageerror', (error) => this.errors.push(`${error.name}: ${error.message}`));
  }

  async goto(query = '') {
    await this.portal.goto(`/applicationExtend/orbitalPredict${query}`);
    await expect(this.page.getByTestId('orbital-predict-screen')).toBeVisible();
  }

  get map(): Locator {
    return this.page.locator('[data-testid="orbital-predict-screen"] .leaflet-container');
  }

  /** The pass ids whose swaths the map draws (`{norad}-{time}`; the area's own layers have plain names). */
  async drawnPassIds(): Promise<string[]> {
    return this.map.locator('path[data-feature-id]').evaluateAll((paths) =>
      paths.map((p) => p.getAttribute('data-feature-id') ?? '').filter((id) => /^\d+-\d+$/.test(id)),
    );
  }

  /** Chooses a province with the region picker (typing its code) and adds it. */
  async addProvince(code: string) {
    const box = this.page.getByRole('combobox', { name: this.text.province, exact: true });
    await box.click();
    await box.fill(code);
    await this.page.getByRole('option').filter({ hasText: code }).first().click();
    await this.page.getByRole('button', { name: this.text.add }).click();
    await expect(this.page.getByTestId('region-chip')).toHaveAttribute('data-code', code);
  }

  /** Presses "Predict passes" and answers the prediction the API gave. */
  async predict(): Promise<ApiPrediction> {
    const answer = this.page.waitForResponse((r) => r.url().endsWith(REGION_PREDICTION_PATH) && r.request().method() === 'POST', { timeout: 120_000 });
    await this.page.getByTestId('plan-submit').click();
    const json = (await (await answer).json()) as { code: number; message: string; data: ApiPrediction };
    expect(json.code, json.message).toBe(0);
    await expect(this.page.getByTestId('prediction-summary')).toBeVisible({ timeout: 30_000 });
    return json.data;
  }
}
