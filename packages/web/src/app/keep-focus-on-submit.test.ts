import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusOnSubmitButtons } from './keep-focus-on-submit';

describe('keepFocusOnSubmitButtons', () => {
  let stop: () => void = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  const press = (element: Element) => {
    const event = new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 });
    element.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('keeps the focus in the field when a submit button is pressed', () => {
    document.body.innerHTML =
      '<form><input name="a"><button type="submit"><span>Save</span></button><button type="button">Cancel</button></form>';
    stop = keepFocusOnSubmitButtons();
    expect(press(document.querySelector('span') as Element)).toBe(true);
    expect(press(document.querySelector('button[type="button"]') as Element)).toBe(false);
    expect(press(document.querySelector('input') as Element)).toBe(false);
  });

  it('leaves disabled submit buttons alone', () => {
    document.body.innerHTML = '<button type="submit" disabled>Save</button>';
    stop = keepFocusOnSubmitButtons();
    expect(press(document.querySelector('button') as Element)).toBe(false);
  });
});
