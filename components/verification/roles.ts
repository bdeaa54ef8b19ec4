/** A verification role of the signed-in user, with its region's name in the page's language (read by the page). */
export interface VerifyRole {
  role: 'checker' | 'reviewer' | 'confirmer';
  regionCode: string;
  regionName: string;
}

/** Where a user's lists and figures start: their one region, or (several, or an administrator) nowhere in particular. */
export function homeRegion(roles: readonly VerifyRole[]): string | null {
  const codes = [...new Set(roles.map((r) => r.regionCode))];
  return codes.length === 1 ? codes[0]! : null;
}
