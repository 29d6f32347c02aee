import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Branch, useSetBranchActive } from './branches.api';

/** Deactivation completes at once and blocks every operation on the branch, so it is confirmed first. */
export function DeactivateBranchDialog({ branch, onClose }: { branch: Branch | null; onClose: () => void }) {
  const setActive = useSetBranchActive();
  return (
    <ConfirmDialog
      opened={branch !== null}
      title="Deactivate Branch"
      message={
        branch
          ? `An inactive branch blocks all operations: nothing of ${branch.name} (its addresses, bank accounts, settings and warehouses) can be changed until it is activated again. Deactivate it?`
          : ''
      }
      confirmLabel="Deactivate"
      loading={setActive.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (branch) setActive.mutate({ id: branch.id, active: false }, { onSettled: onClose });
      }}
    />
  );
}
