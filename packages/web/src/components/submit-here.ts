import type { FormEvent } from 'react';

/**
 * A dialog form's submit handler that stays in the dialog. React bubbles events through portals
 * along the component tree, so submitting a dialog opened from inside another form (+ New Buyer on
 * New Order, + New Brand on a product) would also submit that form. The browser's own submit (a
 * page load) never happens, whether or not the handler is react-hook-form's.
 */
export function submitHere<E extends FormEvent>(handler: (event: E) => unknown) {
  return (event: E) => {
    event.preventDefault();
    event.stopPropagation();
    void handler(event);
  };
}
