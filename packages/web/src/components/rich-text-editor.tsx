import { RichTextEditor } from '@mantine/tiptap';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef, useState } from 'react';

/**
 * The spec's rich text editor: headings 1 and 2, bold, italic, underline, alignment, ordered and
 * bullet lists. This module holds the editor's weight (ProseMirror and Tiptap) and is only loaded
 * lazily, by RichTextField, so that screens without an editor do not download it.
 */

export interface RichTextEditorInputProps {
  /** The id of the editable element (the field's input id). */
  id: string;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  /** HTML; '' for an empty editor. */
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  /** Height of the writing area, without the toolbar. */
  minHeight: number;
}

/** The editor's HTML, or '' when nothing is written, so an empty editor is an empty field. */
const htmlOf = (editor: { isEmpty: boolean; getHTML: () => string }) =>
  editor.isEmpty ? '' : editor.getHTML();

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    // Only what the toolbar offers (and the server keeps): no code, quotes, rules or strike.
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    // No empty paragraph kept after a closing heading or list: the stored HTML is what was written.
    trailingNode: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
];

export function RichTextEditorInput({
  id,
  labelId,
  describedBy,
  invalid,
  value,
  onChange,
  onBlur,
  minHeight,
}: RichTextEditorInputProps) {
  // The value the editor last reported: a different value comes from outside (a form reset).
  const reported = useRef(value);
  const [initialContent] = useState(value);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };

  // The editable element is the field's input: labelled by the label, described by the error and
  // help texts as they come and go (the editor applies changed props on render).
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        style: `min-height: ${minHeight}px`,
      },
    }),
    [id, labelId, describedBy, invalid, minHeight],
  );

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed);
      reported.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur(),
  });

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor
      editor={editor}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
