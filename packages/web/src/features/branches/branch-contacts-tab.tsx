import { useQuery } from '@tanstack/react-query';
import { NotificationContacts } from '../companies/notification-contacts';
import {
  branchContactsQuery,
  useAddBranchContact,
  useDeleteBranchContact,
  useUpdateBranchContact,
} from './branches.api';

/** The people who receive this branch's notifications. */
export function BranchContactsTab({ branchId, canChange }: { branchId: number; canChange: boolean }) {
  const contacts = useQuery(branchContactsQuery(branchId));
  const add = useAddBranchContact(branchId);
  const update = useUpdateBranchContact(branchId);
  const remove = useDeleteBranchContact(branchId);
  return (
    <NotificationContacts
      contacts={contacts}
      owner="this branch's"
      add={add}
      update={update}
      remove={remove}
      canChange={canChange}
    />
  );
}
