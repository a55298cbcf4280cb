import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a narrow screen: focusable and named, so the
 * keyboard can scroll it too.
 */
export function HorizontalScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
