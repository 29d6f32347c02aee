import { Typography } from '@mantine/core';

/** Whether the text has markup; descriptions written before the editor are plain text. */
const HAS_MARKUP = /<[a-z][^>]*>/i;

/**
 * Shows a stored rich text description. The server keeps only the editor's markup (headings,
 * emphasis, lists, alignment, http and mailto links), so the stored HTML is shown as it is; plain
 * text keeps its line breaks.
 */
export function RichTextView({ html }: { html: string }) {
  const plain = !HAS_MARKUP.test(html);
  return (
    <Typography
      fz="sm"
      style={{ overflowWrap: 'anywhere', whiteSpace: plain ? 'pre-line' : 'normal' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server on every write (http/rich-text.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
