import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page?';

interface Guard {
  dirty: boolean;
  /** Set once a save succeeded: the navigation that follows is not asked about. */
  allowed: boolean;
}

function UnsavedChangesPrompt({ guard }: { guard: { current: Guard } }) {
  const blocks = useCallback(() => guard.current.dirty && !guard.current.allowed, [guard]);
  // Leaving the page, not changing its search or hash, is what loses the changes.
  const leavesDirtyPage = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
      current.pathname !== next.pathname && blocks(),
    [blocks],
  );
  const blocker = useBlocker({
    shouldBlockFn: leavesDirtyPage,
    // Closing or reloading the tab: the browser asks with its own words.
    enableBeforeUnload: blocks,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Unsaved changes" centered>
      <Text mb="lg">{UNSAVED_CHANGES_MESSAGE}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * Warns before changes of a form are lost: a navigation inside the app to another page asks
 * "Leave / Stay" while `dirty`, and closing the tab gets the browser's own prompt. Render the
 * returned `prompt`; call `allowNavigation()` after a successful save, before navigating away.
 * Outside a router (a form rendered on its own in a unit test) there is nothing to block.
 */
export function useUnsavedChanges(dirty: boolean): { prompt: ReactNode; allowNavigation: () => void } {
  const guard = useRef<Guard>({ dirty, allowed: false });
  guard.current.dirty = dirty;
  const router = useRouter({ warn: false });
  const allowNavigation = useCallback(() => {
    guard.current.allowed = true;
  }, []);
  const prompt = useMemo(() => (router ? <UnsavedChangesPrompt guard={guard} /> : null), [router]);
  return { prompt, allowNavigation };
}
