export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
export const FILE_CSP: string;
export const DATA_SEGMENTS: readonly string[];
export const SCRIPT_SEGMENTS: readonly string[];
export const DATA_SOURCE: string;
export const PAGE_SOURCE: string;
export function headerRules(common: { key: string; value: string }[], siteCsp: string): HeaderRule[];
