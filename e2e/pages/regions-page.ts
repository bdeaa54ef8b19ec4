import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { PREFIX, type Lang } from './portal-page';

const TEXT = {
  zh: { province: '省份', city: '城市', county: '区县', distance: '测距离', length: '长度' },
  en: { province: 'Province', city: 'City', county: 'County', distance: 'Distance', length: 'Length' },
} as const;

/** The regions page (/about/province): region picker, map with outlines and WMS layer, facts. */
export class RegionsPage {
  readonly text: (typeof TEXT)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.text = TEXT[lang];
  }

  async goto(region?: string) {
    await this.page.goto(`${PREFIX[this.lang]}/about/province${region ? `?region=${region}` : ''}`);
  }

  level(level: 'province' | 'city' | 'county'): Locator {
    return this.page.getByRole('combobox', { name: this.text[level], exact: true });
  }

  /** Types into a level's search box and picks the option with this name. */
  async pick(level: 'province' | 'city' | 'county', search: string, option: string) {
    const input = this.level(level);
    await expect(input).toBeEnabled();
    await input.click();
    await input.fill(search);
    // An option reads "name code", e.g. "河北省 130000".
    const name = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+\\d{6}$`);
    await this.page.getByRole('option', { name }).click();
    await expect(input).toHaveValue(option);
  }

  get regionName(): Locator {
    return this.page.getByTestId('region-name');
  }

  get regionCode(): Locator {
    return this.page.getByTestId('region-code');
  }

  /** The map: one tab stop, labelled with the region it shows. */
  map(name: string | RegExp): Locator {
    return this.page.getByRole('region', { name });
  }

  get outlines(): Locator {
    return this.page.locator('.leaflet-overlay-pane path');
  }

  /** Waits for the WMS overlay image of a region's subdivisions. */
  wmsTileFor(parent: string): Promise<Response> {
    return this.page.waitForResponse(
      (r) =>
        r.url().includes('/map/cloudPlatform/wms') &&
        decodeURIComponent(r.url()).includes(`parent = '${parent}'`) &&
        r.request().method() === 'GET',
    );
  }
}
