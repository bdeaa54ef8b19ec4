/**
 * Which region-code prefixes a detail read covers (spec §4, §6): the caller's area ranges (null: the
 * whole country) narrowed by the region being viewed. A range that covers the region limits the read
 * to that region; a region that contains ranges limits it to those ranges; unrelated ones give nothing.
 */
import { regionPrefix } from '../regions/codes';

/** null means no limit; an empty list means nothing is visible (see `rangePrefixesOf` for a user's ranges). */
export type RegionScope = readonly string[] | null;

export function scopePrefixes(rangePrefixes: RegionScope, regionCode?: string | null): RegionScope {
  const region = regionCode ? regionPrefix(regionCode) : '';
  if (rangePrefixes === null) return region === '' ? null : [region];
  if (region === '') return [...new Set(rangePrefixes)];
  const out = new Set<string>();
  for (const range of rangePrefixes) {
    if (region.startsWith(range)) out.add(region);
    else if (range.startsWith(region)) out.add(range);
  }
  return [...out];
}
