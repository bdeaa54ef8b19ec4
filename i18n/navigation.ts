export { redirect, usePathname, useRouter, getPathname } from './base-navigation';
export { Link } from './intent-link';
