import { Link } from '@/i18n/navigation';
import classes from './section-tabs.module.css';

/** A section's screens as tabs (the personal centre, the law-enforcement inspection): the current one marked. */
export function SectionTabs({ label, tabs, active }: { label: string; tabs: readonly { href: string; title: string }[]; active: string }) {
  return (
    <nav aria-label={label} className={classes.nav}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} className={classes.tab} aria-current={tab.href === active ? 'page' : undefined}>
          {tab.title}
        </Link>
      ))}
    </nav>
  );
}
