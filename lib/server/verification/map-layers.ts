import 'server-only';
/**
 * The verification layer `tb_spot_bjhs_meta` (spec §7; issue 33): every verification case with its batch, drawn
 * by stage (or by verdict), served by WMS, WFS and WMTS like the other layers. Who sees a case is the rule that
 * moves it (./cases.ts): a verification role reaches the cases whose county code starts with its region's prefix;
 * an administrator (MOD_ADMIN) sees every case; a signed-in user without a role, and an anonymous caller, see none
 * and are not told the layer exists. The rule is the layer's `scoped` access, enforced in the SQL of every service
 * (lib/server/map/query.ts). Registered by lib/server/composition/map-layers.ts.
 */
import type { LayerAttribute, LayerStyle, MapLayer, RegionScope } from '../map/layers';
import type { PaintStyle } from '../map/render';
import { withAlpha } from '../map/styles';
import { rangePrefixesOf } from '../../shared/regions/codes';
import {
  NO_VERDICT_COLOR,
  OVERDUE_OUTLINE,
  STAGE_GROUP_COLORS,
  STAGE_GROUP_OF,
  STAGES_WITHOUT_DEADLINE,
  VERDICT_COLORS,
} from '../../shared/verification/map-style';
import { ILLEGAL_VERDICTS, type VerificationStatus, type VerificationVerdict } from '../../shared/workflow';
import { isAdministrator } from '../auth/roles';
import { verificationRolesOf } from './cases';

export const VERIFICATION_LAYER = 'tb_spot_bjhs_meta';

/**
 * The region prefixes of the caller's verification roles (the prefix rule of `codeWithin`, as `rolesReaching`
 * applies it to one case); every case for an administrator; none without a role.
 */
export const verificationScope: RegionScope = {
  name: 'verification-roles',
  prefixes: async (session, db) => {
    if (isAdministrator(session)) return null;
    const roles = await verificationRolesOf(db, session.userId);
    return rangePrefixesOf(roles.map((r) => r.regionCode));
  },
};

/** Trusted SQL list of the stages without a deadline (declared constants). */
const NO_DEADLINE_SQL = STAGES_WITHOUT_DEADLINE.map((s) => `'${s}'`).join(', ');
/** 1 when the case's stage was due before today and it still runs, else 0. */
const OVERDUE_SQL = `(CASE WHEN c.stage_due < current_date AND c.status NOT IN (${NO_DEADLINE_SQL}) THEN 1 ELSE 0 END)`;
/** The group of the case's stage (county, city, province, rectification, closed). */
const GROUP_SQL = `(CASE c.status ${Object.entries(STAGE_GROUP_OF)
  .map(([stage, group]) => `WHEN '${stage}' THEN '${group}'`)
  .join(' ')} END)`;

const ATTRIBUTES: readonly LayerAttribute[] = [
  { name: 'id', sql: 'c.id', type: 'number', xsd: 'int' },
  { name: 'spot_no', sql: 'c.spot_no', type: 'text', xsd: 'string' },
  { name: 'xzqdm', sql: 'c.xzqdm', type: 'text', xsd: 'string' },
  { name: 'province', sql: `(left(c.xzqdm, 2) || '0000')`, type: 'text', xsd: 'string' },
  { name: 'city', sql: `(left(c.xzqdm, 4) || '00')`, type: 'text', xsd: 'string' },
  { name: 'batch_id', sql: 'c.batch_id', type: 'number', xsd: 'int' },
  { name: 'quarter', sql: 'b.quarter', type: 'text', xsd: 'string' },
  { name: 'status', sql: 'c.status', type: 'text', xsd: 'string' },
  { name: 'stage_group', sql: GROUP_SQL, type: 'text', xsd: 'string' },
  { name: 'verdict', sql: 'c.verdict', type: 'text', xsd: 'string' },
  { name: 'change_type', sql: 'c.change_type', type: 'text', xsd: 'string' },
  { name: 'source', sql: 'c.source', type: 'text', xsd: 'string' },
  { name: 'area_m2', sql: 'round(c.area_m2::numeric, 2)::float8', type: 'number', xsd: 'double' },
  { name: 'stage_due', sql: 'c.stage_due', type: 'date', xsd: 'date' },
  { name: 'overdue', sql: OVERDUE_SQL, type: 'number', xsd: 'int' },
];

/** The outline: dashed dark red when overdue, else solid in the fill's colour. */
function outline(color: string, overdue: boolean, width: number): Pick<PaintStyle, 'stroke' | 'lineWidth' | 'dash'> {
  return overdue
    ? { stroke: OVERDUE_OUTLINE.color, lineWidth: OVERDUE_OUTLINE.width, dash: OVERDUE_OUTLINE.dash }
    : { stroke: color, lineWidth: width };
}

/** By stage group; a closed case is an outline only. */
export const byStage: LayerStyle = {
  reads: ['status', 'overdue'],
  paint: (row) => {
    const group = STAGE_GROUP_OF[row.status as VerificationStatus] ?? 'county';
    const color = STAGE_GROUP_COLORS[group];
    return { ...outline(color, Number(row.overdue) === 1, 1.5), fill: group === 'closed' ? undefined : withAlpha(color, 0.5) };
  },
};

/** By verdict; no verdict yet: a grey outline; illegal verdicts with a wider outline. */
export const byVerdict: LayerStyle = {
  reads: ['verdict', 'overdue'],
  paint: (row) => {
    const verdict = row.verdict as VerificationVerdict | null;
    const color = verdict ? (VERDICT_COLORS[verdict] ?? NO_VERDICT_COLOR) : NO_VERDICT_COLOR;
    const width = verdict && ILLEGAL_VERDICTS.includes(verdict) ? 2 : 1.2;
    return { ...outline(color, Number(row.overdue) === 1, width), fill: verdict ? withAlpha(color, 0.5) : undefined };
  },
};

export const VERIFICATION_LAYERS: readonly MapLayer[] = [
  {
    name: VERIFICATION_LAYER,
    title: { zh: '违法图斑核查', en: 'Spot verification cases' },
    abstract: {
      zh: '推送到区县核查的变化图斑及其核查案件：按阶段着色（区县核查、市级审核、省级确认、整改、已办结；逾期为红色虚线边框），样式 verdict 按核查结论着色。仅核查角色所辖区域内的图斑可见，管理员可见全部。',
      en: 'Change spots pushed to counties for verification, with their cases: coloured by stage (county check, city review, province confirmation, rectification, closed; overdue with a dashed red outline); the verdict style colours by verdict. Only spots within the caller’s verification roles’ regions are shown; administrators see all.',
    },
    from: 'verification_cases c JOIN verification_batches b ON b.id = c.batch_id',
    id: 'c.id::text',
    geometry: () => 'c.geom',
    geometryKind: 'MultiPolygon',
    attributes: ATTRIBUTES,
    // Small polygons on top of large ones.
    drawOrder: 'c.area_m2 DESC, c.id',
    access: { kind: 'scoped', scope: verificationScope, regionCode: 'c.xzqdm' },
    styles: { [VERIFICATION_LAYER]: byStage, verdict: byVerdict },
    extent: [73, 3, 136, 54],
  },
];
