import { Input, Skeleton } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

// The editor (ProseMirror and Tiptap, about 140 KB gzipped) loads when a form shows it, not with
// the screens that never do.
const RichTextEditorInput = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditorInput })),
);

/** What the editor adds to its writing area: the toolbar (one row of controls) and the borders. */
const EDITOR_CHROME_HEIGHT = 49;

type Props<T extends FieldValues> = FieldProps<T> & {
  description?: ReactNode;
  /** Height of the writing area in pixels (it grows with the text). */
  minHeight?: number;
};

/**
 * A rich text field of a form: its value is the editor's HTML ('' when empty), checked like any
 * other field, showing its first error when touched or dirty. The server keeps only the markup
 * the editor makes (see the server's rich-text sanitiser).
 */
export function RichTextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  minHeight = 160,
}: Props<T>) {
  const { field, error } = useField(control, name);
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy =
    [error ? `${id}-error` : null, description ? `${id}-description` : null].filter(Boolean).join(' ') ||
    undefined;
  const focus = () => document.getElementById(id)?.focus();

  // The form focuses the field of the first error after a submit.
  const { ref } = field;
  useEffect(() => {
    ref({ focus: () => document.getElementById(id)?.focus() });
  }, [ref, id]);

  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ onClick: focus }}
      withAsterisk={required}
      description={description}
      error={error}
    >
      <Suspense fallback={<Skeleton height={EDITOR_CHROME_HEIGHT + minHeight} radius="sm" />}>
        <RichTextEditorInput
          id={id}
          labelId={labelId}
          describedBy={describedBy}
          invalid={Boolean(error)}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          minHeight={minHeight}
        />
      </Suspense>
    </Input.Wrapper>
  );
}
