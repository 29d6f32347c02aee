import { linkify } from '@b2b/domain/whatsapp-support';
import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

/**
 * A chat message's text with its links clickable, opening in a new tab (spec 3's chat text helper,
 * domain `linkify`). The text is rendered as text, never as HTML.
 */
export function ChatText({ text }: { text: string }) {
  const segments = linkify(text);
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'link' ? (
          <Anchor
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text never reorder
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            inherit
            underline="always"
          >
            {segment.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text never reorder
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
