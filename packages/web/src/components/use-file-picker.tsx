import { type ReactNode, useCallback, useRef } from 'react';

export interface FilePicker<T> {
  /** Opens the browser's file chooser for `target`; call it from a click (browsers require one). */
  open: (target: T) => void;
  /** The hidden file input: render it once anywhere in the screen. */
  input: ReactNode;
}

/**
 * One hidden file input for the rows of a list: a menu item opens it for its row. A menu closes
 * (and unmounts its items) on click, so an input inside the item would be gone before the
 * file is chosen.
 */
export function useFilePicker<T>(options: {
  accept: string;
  label: string;
  onPick: (file: File, target: T) => void;
}): FilePicker<T> {
  const inputRef = useRef<HTMLInputElement>(null);
  const targetRef = useRef<T | null>(null);
  const { onPick } = options;

  const input = (
    <input
      ref={inputRef}
      type="file"
      accept={options.accept}
      aria-label={options.label}
      hidden
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        // Cleared, so that choosing the same file again still reports it.
        event.currentTarget.value = '';
        const target = targetRef.current;
        if (file && target !== null) onPick(file, target);
      }}
    />
  );

  const open = useCallback((target: T) => {
    targetRef.current = target;
    inputRef.current?.click();
  }, []);

  return { open, input };
}
