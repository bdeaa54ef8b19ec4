import { expect, type Locator, type Page } from '@playwright/test';
import { PortalPage, type Lang } from './portal-page';

/**
 * The land-cover screen as a user meets it: its map (regions found by their code, hovered and clicked
 * where the pointer really lands), the module panels, and every uncaught error the page throws.
 */
export class LandcoverPage {
  readonly portal: PortalPage;
  /** Uncaught errors (e.g. a RangeError from the map code) since the page object was made. */
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.portal = new PortalPage(page, lang);
    page.on('pageerror', (error) => this.errors.push(`${error.name}: ${error.message}`));
  }

  async goto(query = '') {
    await this.portal.goto(`/monitor/landcover${query}`);
  }

  /** The first (or only) map of the module. */
  get map(): Locator {
    return this.page.locator('#monitor-panel .leaflet-container').first();
  }

  /** A region (or spot) drawn on the map, by its code. */
  feature(code: string): Locator {
    return this.map.locator(`path[data-feature-id="${code}"]`);
  }

  /** The region as a target of the pointer (not an outline drawn only to show where it is). */
  target(code: string): Locator {
    return this.map.locator(`path.leaflet-interactive[data-feature-id="${code}"]`);
  }

  /** Waits until the map stops moving (a fit or zoom animates): the region keeps its place for a moment. */
  async settled(code: string) {
    const place = async () => JSON.stringify(await this.feature(code).first().boundingBox());
    await expect
      .poll(async () => {
        const before = await place();
        await this.page.waitForTimeout(250);
        return before === (await place()) && before !== 'null';
      })
      .toBe(true);
  }

  get tooltip(): Locator {
    return this.map.locator('.leaflet-tooltip-pane .leaflet-tooltip');
  }

  get breadcrumbCurrent(): Locator {
    return this.page.getByTestId('monitor-breadcrumb').locator('[aria-current="location"]');
  }

  /**
   * A point of the region's shape where the pointer lands on that shape and nothing else (no outline
   * drawn over it, no control), nearest its middle; fails when there is none.
   */
  async pointOn(code: string): Promise<{ x: number; y: number }> {
    const feature = this.target(code);
    await expect(feature).toHaveCount(1);
    await this.map.scrollIntoViewIfNeeded();
    await this.settled(code);
    const point = await feature.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const centre = [box.left + box.width / 2, box.top + box.height / 2] as const;
      const points: [number, number][] = [];
      for (let i = 1; i < 24; i++)
        for (let j = 1; j < 24; j++) points.push([box.left + (box.width * i) / 24, box.top + (box.height * j) / 24]);
      points.sort((a, b) => Math.hypot(a[0] - centre[0], a[1] - centre[1]) - Math.hypot(b[0] - centre[0], b[1] - centre[1]));
      const hit = points.find(
        ([x, y]) => x > 0 && y > 0 && x < innerWidth && y < innerHeight && document.elementFromPoint(x, y) === element,
      );
      return hit ? { x: hit[0], y: hit[1] } : null;
    });
    expect(point, `no point of region ${code} answers the pointer: something is drawn over it`).not.toBeNull();
    return point!;
  }

  /** Hovers a region on the map and answers the name its tooltip shows. */
  async hoverRegion(code: string): Promise<string> {
    const { x, y } = await this.pointOn(code);
    // Off the map first: the last region's tooltip fades out for a moment after the pointer leaves.
    await this.page.mouse.move(0, 0);
    await expect(this.tooltip).toHaveCount(0);
    await this.page.mouse.move(x, y);
    await expect(this.tooltip).toHaveCount(1);
    return (await this.tooltip.textContent()) ?? '';
  }

  async clickRegion(code: string) {
    const { x, y } = await this.pointOn(code);
    await this.page.mouse.click(x, y);
  }

  /**
   * How much of the map a feature fills: the larger of its width and height as a share of the map's
   * (1: edge to edge). A map fitted to a region shows it at 0.6 or more; the national view shows a
   * city at a few hundredths.
   */
  async fill(code: string): Promise<number> {
    await expect(this.feature(code)).toHaveCount(1);
    await this.settled(code);
    const frame = (await this.map.boundingBox())!;
    const box = (await this.feature(code).boundingBox())!;
    return Math.max(box.width / frame.width, box.height / frame.height);
  }

  /** The labels of the map legend, in order. */
  legendLabels(): Promise<string[]> {
    return this.map.locator('figure li').allTextContents();
  }

  /** Whether the page scrolls past the footer (pixels of page below it). */
  pageBelowFooter(): Promise<number> {
    return this.page.evaluate(() => {
      const footer = document.querySelector('footer')!;
      return Math.round(document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + scrollY));
    });
  }
}
