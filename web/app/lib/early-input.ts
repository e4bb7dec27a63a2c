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
 * The app runs: from now on it handles every submit. A form sent before (Enter or its button on
 * the prerendered page, held by the inlined settings script) is sent again, once the fields
 * above have taken back what was typed.
 */
export function sendEarlySubmit(): void {
  const page = window as { __gatehouseStarted?: boolean; __gatehouseEarlySubmit?: HTMLFormElement };
  page.__gatehouseStarted = true;
  const form = page.__gatehouseEarlySubmit;
  page.__gatehouseEarlySubmit = undefined;
  if (form?.isConnected) requestAnimationFrame(() => form.requestSubmit());
}
