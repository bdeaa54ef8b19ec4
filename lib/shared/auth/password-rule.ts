/** Spec §5 leaves the rule open; ours: 8–64 characters with at least three of lower, upper, digit, symbol. */
export function isStrongPassword(password: string): boolean {
  if (password.length < 8 || password.length > 64) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return classes >= 3;
}
