/**
 * How the verification layer `tb_spot_bjhs_meta` draws a case (issue 33), shared by the map service's styles
 * (lib/server/verification/map-layers.ts) and any legend beside the map. By stage, the stages fall into who holds
 * the case now — the county (to check), the city, the province — then rectification and closed; colour is not
 * the only signal: a closed case is an outline without fill, and an overdue case has a dashed dark-red outline.
 */
import type { VerificationStatus, VerificationVerdict } from '../workflow/machines/verification';

export const STAGE_GROUPS = ['county', 'city', 'province', 'rectification', 'closed'] as const;
export type StageGroup = (typeof STAGE_GROUPS)[number];

/** Which group each stage is in (every stage in exactly one). */
export const STAGE_GROUP_OF: Readonly<Record<VerificationStatus, StageGroup>> = {
  pushed: 'county',
  checking: 'county',
  returned: 'county',
  submitted: 'city',
  passed: 'province',
  objected: 'province',
  confirmed: 'rectification',
  ordered: 'rectification',
  rectifying: 'rectification',
  rectified: 'rectification',
  closed: 'closed',
};

/**
 * Stages whose due date no longer runs: a case in one is never overdue. A rectified case still waits for the
 * province to accept the rectification by its due date (lib/server/verification/deadlines.ts), so only a closed one.
 */
export const STAGES_WITHOUT_DEADLINE: readonly VerificationStatus[] = ['closed'];

/** Colours per group (Okabe–Ito, told apart with the common colour-vision deficiencies). */
export const STAGE_GROUP_COLORS: Readonly<Record<StageGroup, string>> = {
  county: '#e69f00',
  city: '#56b4e9',
  province: '#0072b2',
  rectification: '#d55e00',
  closed: '#6c757d',
};

/** Colours per verdict; a case without a verdict yet is drawn as a grey outline. */
export const VERDICT_COLORS: Readonly<Record<VerificationVerdict, string>> = {
  legal: '#009e73',
  illegal_new: '#d55e00',
  illegal_old: '#cc79a7',
  other: '#868e96',
  rural_road: '#8c6d31',
  facility_farmland: '#56b4e9',
};

export const NO_VERDICT_COLOR = '#868e96';

/** The outline of an overdue case: dashed, dark red, wider than any other. */
export const OVERDUE_OUTLINE = { color: '#a61e1e', width: 2.5, dash: [6, 4] } as const;
