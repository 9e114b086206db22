/** Helpers for the app's number fields (steer-number-field), as a user types into them. */
import type { Locator, Page } from 'playwright-core';

/** Clicks into a field, selects what it holds, and types `text` key by key. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** What the number field of `input` says is wrong, or null. */
export function message(input: Locator): Promise<string | null> {
  return input.evaluate((el) => (el.getRootNode() as ShadowRoot).querySelector('[role="alert"]')?.textContent ?? null);
}
