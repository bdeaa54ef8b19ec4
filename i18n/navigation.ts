/** What the app navigates with: the locale-aware Link, router and pathname (redirects: ./server-navigation.ts). */
export { usePathname, useRouter } from './locale-navigation';
export { Link } from './intent-link';
