/**
 * Permission codes of spec §6. The MOD codes are the original portal's; EDITOR (the content issue's
 * editing screens) and ADMIN (administrators: other users' ranges, the outbox, answering feedback) are ours.
 */
export const PERMISSIONS = {
  CART: 'MOD_061',
  LANDCOVER: 'MOD_056',
  SURFACE_DEFORM: 'MOD_076',
  ROAD: 'MOD_057',
  NON_AGRICULTURAL: 'MOD_068',
  PLANTING_STRUCTURE: 'MOD_069',
  PVLAND: 'MOD_058',
  WINDMILL: 'MOD_059',
  STEELPLANT: 'MOD_060',
  FEEDBACK: 'MOD_054',
  EDITOR: 'MOD_EDITOR',
  ADMIN: 'MOD_ADMIN',
} as const;

export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.values(PERMISSIONS);

export function isPermissionCode(value: string): value is PermissionCode {
  return (ALL_PERMISSION_CODES as readonly string[]).includes(value);
}
