import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { InfoIcon } from './icons.tsx';

/** Seed defaults: at most 350 px wide, above everything (z-index 9999; see .tooltip in app.css). */
export const tooltipDefaults = { maxWidth: 350, zIndex: 9999 };

/**
 * Help for a field: shown on hover and on keyboard focus of its button, hidden by Escape or
 * when the pointer and focus leave. The text describes the button for screen readers.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Pointed at or focused on the prerendered page, before the app ran: shown now (a press then is
  // replayed once the app runs, web/app/lib/early-input.ts).
  const anchor = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = anchor.current;
    if (element?.matches(':hover') || element?.contains(document.activeElement)) setOpen(true);
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover spans the button and the tooltip, so the pointer can move onto the text (WCAG 1.4.13); keyboard users get the same through focus
    <span ref={anchor} className="tooltip-anchor" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tooltip-trigger"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
      >
        <InfoIcon />
      </button>
      <span role="tooltip" id={id} className="tooltip" hidden={!open}>
        {children}
      </span>
    </span>
  );
}

export function FieldHelp({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return <Tooltip label={t('common.moreInfo')}>{children}</Tooltip>;
}
