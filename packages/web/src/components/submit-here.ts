import type { FormEvent } from 'react';

/**
 * A dialog form's submit handler that stays in the dialog. React bubbles events through portals
 * along the component tree, so submitting a dialog opened from inside another form (+ New Buyer on
 * New Order, + New Brand on a product) would also submit that form.
 */
export function submitHere<E extends FormEvent>(handler: (event: E) => unknown) {
  return (event: E) => {
    event.stopPropagation();
    void handler(event);
  };
}
