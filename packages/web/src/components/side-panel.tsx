import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SidePanelProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** 500 for Notifications, 400 for the other panels (spec). */
  width?: 400 | 500;
  children: ReactNode;
}

/** A right-hand panel closed by its cross, a click on the backdrop or Escape. */
export function SidePanel({ opened, onClose, title, width = 400, children }: SidePanelProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={width}
      closeOnClickOutside
      closeOnEscape
      closeButtonProps={{ 'aria-label': 'Close panel' }}
      overlayProps={{ backgroundOpacity: 0.35 }}
    >
      {children}
    </Drawer>
  );
}
