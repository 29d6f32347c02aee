/**
 * Forms show a field's error when it loses focus. Pressing a submit button moves the focus first,
 * the error that appears pushes the button down, and the click lands beside it and is lost. Keeping
 * the focus where it is on mousedown lets the click (and the form's own validation) happen.
 */
export function keepFocusOnSubmitButtons(doc: Document = document): () => void {
  const onMouseDown = (event: MouseEvent) => {
    if (event.button !== 0) return;
    const button = (event.target as Element | null)?.closest?.('button[type="submit"]');
    if (button && !(button as HTMLButtonElement).disabled) event.preventDefault();
  };
  doc.addEventListener('mousedown', onMouseDown, true);
  return () => doc.removeEventListener('mousedown', onMouseDown, true);
}
