import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps what a person typed (or ticked) into the prerendered page before the app took it over.
 *
 * On a slow phone the form shows, and takes input, well before the scripts run. React hydrates
 * the input without touching what is in it, but its state still holds the value it rendered
 * (empty), so the next render would wipe the text and a submit would send nothing. Once, when
 * the input mounts, a value that differs from the rendered one (`defaultValue`/`defaultChecked`,
 * which React keeps equal to its state) is replayed as the change event the person's input
 * would have been: every `onChange` sees it as if it came after hydration. Inputs mounted later
 * by the app itself hold their rendered value, so nothing happens to them.
 */
export function useEarlyInput(ref: RefObject<HTMLInputElement | null>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the input mounts.
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    if (input.type === 'checkbox' || input.type === 'radio') {
      if (input.checked === input.defaultChecked) return;
      // Back to the rendered state (React's own setter, so it knows), then the person's click again.
      input.checked = input.defaultChecked;
      input.click();
      return;
    }
    if (input.value === input.defaultValue) return;
    const typed = input.value;
    // React's own setter records the rendered value; the element's native one puts the typed text
    // back without telling React, so the input event reads as the change it is.
    input.value = input.defaultValue;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, []);
}

/**
 * Keeps a choice made in a prerendered <select> before the app took it over (the language
 * switcher): React hydrates the select as the person left it, so once, when it mounts, a value
 * other than the rendered one is handed to `choose`, as its change event would have been.
 */
export function useEarlyChoice(ref: RefObject<HTMLSelectElement | null>, rendered: string, choose: (value: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the select mounts.
  useLayoutEffect(() => {
    const select = ref.current;
    if (select && select.value !== rendered) choose(select.value);
  }, []);
}

/**
 * The app runs: from now on it handles every press and submit. What was pressed before (a
 * button that is no submit, a single sign-on link: held by the inlined settings script) is
 * pressed again, in order; then a form sent before is sent again, once the fields have taken
 * back what was typed.
 */
export function replayEarlyActions(): void {
  const page = window as { __gatehouseStarted?: boolean; __gatehouseEarlySubmit?: HTMLFormElement; __gatehouseEarlyClicks?: HTMLElement[] };
  page.__gatehouseStarted = true;
  const form = page.__gatehouseEarlySubmit;
  const clicks = page.__gatehouseEarlyClicks ?? [];
  page.__gatehouseEarlySubmit = undefined;
  page.__gatehouseEarlyClicks = undefined;
  if (!form && clicks.length === 0) return;
  requestAnimationFrame(() => {
    for (const element of clicks) if (element.isConnected) element.click();
    if (form?.isConnected) form.requestSubmit();
  });
}
