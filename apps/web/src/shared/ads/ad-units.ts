import { AD_SLOT_COUNT } from '@snapdrama/contract';

/**
 * A Google Publisher Tag ad unit path: "/network code/unit[/sub-unit...]". Anything else in an
 * ad tag (empty, or the demo catalog's placeholder names) means no real ad unit is configured.
 */
const GPT_AD_UNIT_PATH = /^\/\d+(\/[\w.-]+)+$/;

export function isGptAdUnit(value: string): boolean {
  return GPT_AD_UNIT_PATH.test(value);
}

/**
 * The rewarded ad units to try, in order, at most AD_SLOT_COUNT (spec §9: five slots). A drama's
 * web_tag may hold several units separated by commas or spaces; the mission list is fixed by the
 * server's ad config.
 */
export function rewardedAdUnits(source: string | readonly string[] | null | undefined): string[] {
  if (!source) return [];
  const parts = typeof source === 'string' ? source.split(/[\s,]+/) : source;
  const units = parts.map((p) => p.trim()).filter(isGptAdUnit);
  return [...new Set(units)].slice(0, AD_SLOT_COUNT);
}
