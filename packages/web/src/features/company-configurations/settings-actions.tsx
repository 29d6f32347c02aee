import { Button, Group } from '@mantine/core';

export interface SettingsActionsProps {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}

/** Discard and Save under a settings form; both wait for a change. */
export function SettingsActions({ dirty, saving, onDiscard }: SettingsActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
        Discard
      </Button>
      <Button type="submit" loading={saving} disabled={!dirty}>
        Save
      </Button>
    </Group>
  );
}
