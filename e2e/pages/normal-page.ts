import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { PortalPage, type Lang } from './portal-page';

export const SEARCH_PATH = '/api/normal/v5/normalmeta/base';

const TEXT = {
  zh: { search: '查询', region: '行政区', extent: '经纬度范围', draw: '手绘', province: '省份', add: '添加行政区', polygon: '画多边形', finish: '完成', west: '西（°）', south: '南（°）', east: '东（°）', north: '北（°）', useExtent: '使用此范围', back: '← 返回结果列表', demo: '演示数据', next: '下一页', mostCloud: '最大云量', preview: '在地图上显示快视图', open: '展开查询与结果', close: '收起查询与结果' },
  en: { search: 'Search', region: 'Region', extent: 'Extent', draw: 'Draw', province: 'Province', add: 'Add region', polygon: 'Polygon', finish: 'Finish', west: 'West (°)', south: 'South (°)', east: 'East (°)', north: 'North (°)', useExtent: 'Use this extent', back: '← Back to the results', demo: 'Demo data', next: 'Next page', mostCloud: 'Most cloud cover', preview: 'Show the quick-look on the map', open: 'Show search and results', close: 'Hide search and results' },
} as const;

/** A scene as the search API answers it (the fields the tests read). */
export interface ApiScene {
  id: string;
  source: 'demo' | 'imported';
  cloudPct: number | null;
  centre: [number, number];
  bbox: [number, number, number, number];
}

/** The image query screen as a user meets it: sidebar tabs, area modes, filters, result list, detail, map. */
export class NormalPage {
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
    await this.portal.goto(`/normal${query}`);
    await expect(this.page.getByTestId('normal-screen')).toBeVisible();
  }

  get map(): Locator {
    return this.page.locator('[data-testid="normal-screen"] .leaflet-container');
  }

  get rows(): Locator {
    return this.page.getByTestId('scene-row');
  }

  get detail(): Locator {
    return this.page.getByTestId('scene-detail');
  }

  /** Scenes the API finds for a filter (to choose areas where data exists, whatever the catalogue holds). */
  async apiSearch(filter: object, pageSize = 1): Promise<{ total: number; list: ApiScene[] }> {
    const response = await this.page.request.post(SEARCH_PATH, { data: { filter, pageSize } });
    const json = (await response.json()) as { code: number; data: { total: number; list: ApiScene[] } };
    expect(json.code).toBe(0);
    return json.data;
  }

  async mode(name: 'region' | 'extent' | 'draw') {
    await this.page.getByTestId('mode-switch').getByText(this.text[name], { exact: true }).click();
  }

  /** Presses Search and answers the request body it sent. */
  async search(): Promise<Record<string, unknown>> {
    const request = this.page.waitForRequest((r: Request) => r.url().endsWith(SEARCH_PATH) && r.method() === 'POST');
    await this.page.getByTestId('search-button').click();
    const sent = await request;
    const body = sent.postDataJSON() as Record<string, unknown>;
    await sent.response();
    await expect(this.page.getByTestId('results-panel')).toBeVisible();
    // The list shows the previous page while the new one loads: wait until it is the new one.
    await expect(this.page.locator('[data-testid="scene-list"][aria-busy="true"]')).toHaveCount(0);
    return body;
  }

  /** The number in the results' total line, once loaded. */
  async total(): Promise<number> {
    const line = this.page.getByTestId('results-total');
    await expect(line).toHaveText(/\d|No scenes|没有影像/);
    const text = (await line.textContent()) ?? '';
    return Number(text.replace(/[^\d]/g, '') || '0');
  }
}
