import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { logInFromHeader, THEATRE } from '../support/shopping.ts';

/** A small Android phone, the narrowest screen the storefront is laid out for. */
const PHONE = { width: 360, height: 740 } as const;

/**
 * How many lines an element's text takes in the browser: the distinct tops of its text's
 * client rects (one per line box fragment), so "Raf/ael" counts 2 however tall the line is.
 */
async function textLines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = [...range.getClientRects()]
      .filter((rect) => rect.width > 0)
      .map((rect) => Math.round(rect.top));
    return new Set(tops).size;
  });
}

/** Whether an element is no taller than one of its lines (with rounding room). */
async function oneLineTall(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    return node.getBoundingClientRect().height <= line + padding + 1;
  });
}

/** A text the seat map drew on its canvas, with its box in canvas pixels. */
interface DrawnLabel {
  text: string;
  box: [number, number, number, number];
}

/**
 * Records every text the page's canvases draw (after the seat map's frame starts with its
 * "PALCO" label), with the box the browser measured for it under the canvas's transform. The
 * map centres every text on its point (textAlign center, textBaseline middle).
 */
async function recordCanvasLabels(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const labels: DrawnLabel[] = [];
    (window as unknown as { mapLabels: DrawnLabel[] }).mapLabels = labels;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
      if (text === 'PALCO') labels.length = 0;
      const { a, d, e, f } = this.getTransform();
      const metrics = this.measureText(text);
      const half = metrics.width / 2;
      const up = metrics.actualBoundingBoxAscent;
      const down = metrics.actualBoundingBoxDescent;
      labels.push({
        text,
        box: [a * (x - half) + e, d * (y - up) + f, a * (x + half) + e, d * (y + down) + f],
      });
      return fillText.call(this, text, x, y, maxWidth);
    };
  });
}

const overlap = (one: DrawnLabel, other: DrawnLabel) =>
  one.box[0] < other.box[2] &&
  other.box[0] < one.box[2] &&
  one.box[1] < other.box[3] &&
  other.box[1] < one.box[3];

describe('pages on a 360 px phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps a friend request's name and the profile's document badges on one line", async () => {
    // Logged in from a laptop-wide header (a phone's has the menu button instead), then a phone.
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await logInFromHeader(page);
    await page.setViewportSize(PHONE);

    // The demo customer has a pending request from Rafael Oliveira (docs/social.md).
    await page.goto('/friends');
    const request = page
      .locator('.friend-row', { hasText: 'quer ser seu amigo' })
      .filter({ hasText: 'Rafael' });
    const name = request.locator('.friend-name');
    await name.waitFor();
    expect.soft(await textLines(name), 'the requester name wraps').toBe(1);
    expect.soft(await oneLineTall(name)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/settings/perfil');
    const badges = page.locator('.document-head .badge');
    await badges.first().waitFor();
    expect(await badges.count()).toBeGreaterThanOrEqual(2);
    for (const badge of await badges.all()) {
      const text = (await badge.textContent())?.trim();
      expect(text).toMatch(/^(Enviado|Pendente)$/);
      expect.soft(await textLines(badge), `"${text}" wraps`).toBe(1);
      expect.soft(await oneLineTall(badge), `"${text}" is taller than a line`).toBe(true);
    }
    await context.close();
  });

  it("draws the seat map's section labels without one covering another", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await recordCanvasLabels(page);
    await page.goto(`/eventos/${THEATRE.slug}`);
    // The picker loads as it nears the screen.
    const picker = page.locator('plateia-seat-picker');
    await picker.scrollIntoViewIfNeeded();
    await picker.getByRole('img', { name: /^Mapa de assentos com/ }).waitFor();

    // The frame settles once the map has its sections' prices: the same labels twice in a row.
    const labels = () => page.evaluate(() => (window as unknown as { mapLabels: DrawnLabel[] }).mapLabels);
    let drawn: DrawnLabel[] = [];
    await expect
      .poll(async () => {
        const before = JSON.stringify(await labels());
        await page.waitForTimeout(300);
        drawn = await labels();
        return drawn.some((label) => label.text.includes('R$')) && JSON.stringify(drawn) === before;
      })
      .toBe(true);

    const sections = drawn.filter((label) => label.text !== 'PALCO');
    expect(sections.length).toBeGreaterThanOrEqual(4);
    const overlapping = sections.flatMap((one, i) =>
      sections
        .slice(i + 1)
        .flatMap((other) => (overlap(one, other) ? [`"${one.text}" × "${other.text}"`] : [])),
    );
    expect(overlapping).toEqual([]);
    await context.close();
  });
});
