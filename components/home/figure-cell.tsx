/** One figure of home's "platform in figures" panel: the value above its label, as a term and its definition. */
import type { ReactNode, Ref } from 'react';
import classes from './home.module.css';

export function FigureCell({
  label,
  testId,
  cellRef,
  children,
}: {
  label: string;
  testId: string;
  cellRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div className={classes.figure} ref={cellRef}>
      <dt className={classes.figureLabel}>{label}</dt>
      <dd className={classes.figureValue} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Where a value will appear, while it loads (decorative, hidden from assistive technology). */
export function FigurePending() {
  return <span className={classes.figurePending} aria-hidden="true" />;
}
