import {
  type Company,
  useAddNotificationContact,
  useDeleteNotificationContact,
  useUpdateNotificationContact,
} from './companies.api';
import { NotificationContacts } from './notification-contacts';

export interface NotificationContactsCardProps {
  company: Company;
  canChange: boolean;
}

/** The company's notification contact persons; they come with the company, so they load with it. */
export function NotificationContactsCard({ company, canChange }: NotificationContactsCardProps) {
  const add = useAddNotificationContact(company.id);
  const update = useUpdateNotificationContact(company.id);
  const remove = useDeleteNotificationContact(company.id);
  return (
    <NotificationContacts
      contacts={company.notification_contacts}
      owner="the company's"
      add={add}
      update={update}
      remove={remove}
      canChange={canChange}
    />
  );
}
