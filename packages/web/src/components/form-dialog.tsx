import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { submitHere } from './submit-here';

export interface FormDialogProps {
  title: string;
  /** The submit button: 'Add Address', 'Save'. */
  submitLabel: string;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** A dialog that is one form: its fields, then Cancel and the submit button. */
export function FormDialog({
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  size = 'md',
  children,
}: FormDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form noValidate onSubmit={submitHere(onSubmit)}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
