import { SELLER_ADDRESS_TYPES, SELLER_MESSAGES } from '@b2b/domain/api/sellers';
import { formatAddress } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { applyServerErrors } from '../../components/server-errors';
import { AddressDialog } from '../reference/address-dialog';
import { AddressFields } from '../reference/address-fields';
import { AddressText } from '../reference/address-text';
import {
  type AddressFormValues,
  addressBody,
  addressFormSchema,
  addressFormValues,
  addressTypeLabel,
  emptyAddress,
} from './seller-form.schema';
import {
  type SellerAddress,
  type SellerDetail,
  useAddSellerAddress,
  useDeleteSellerAddress,
  useUpdateSellerAddress,
} from './sellers.api';

const schema = addressFormSchema.extend({
  address_type: z.enum(SELLER_ADDRESS_TYPES, { error: 'Address type is required.' }),
  addSameAsBilling: z.boolean(),
});
type Values = AddressFormValues & { address_type: string; addSameAsBilling: boolean };
const FIELDS = [
  'address_line_1',
  'address_line_2',
  'landmark',
  'state_id',
  'city',
  'pincode',
  'address_type',
  'addSameAsBilling',
] as FieldPath<Values>[];
const TYPES = { options: SELLER_ADDRESS_TYPES.map((value) => ({ value, label: addressTypeLabel(value) })) };

/** The seller's billing and shipping addresses: add, edit, delete. */
export function SellerAddressesTab({ seller, canChange }: { seller: SellerDetail; canChange: boolean }) {
  const [dialog, setDialog] = useState<{ address: SellerAddress | null } | null>(null);
  const [deleting, setDeleting] = useState<SellerAddress | null>(null);
  const remove = useDeleteSellerAddress(seller.id);
  const billingCount = seller.addresses.filter((a) => a.address_type === 'billing_address').length;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Addresses</Title>
          {canChange && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setDialog({ address: null })}
            >
              Add Address
            </Button>
          )}
        </Group>
        {seller.gst_number && (
          <Text size="sm" c="dimmed">
            Billing addresses must be in the state of the GST number {seller.gst_number}.
          </Text>
        )}
        {seller.addresses.length === 0 && <Text c="dimmed">No address yet.</Text>}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {seller.addresses.map((address) => {
            const lastBilling = address.address_type === 'billing_address' && billingCount <= 1;
            return (
              <Card
                key={address.id}
                withBorder
                padding="md"
                aria-label={`${addressTypeLabel(address.address_type)} ${address.id}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Badge
                      variant="light"
                      color={address.address_type === 'billing_address' ? 'blue' : 'teal'}
                    >
                      {addressTypeLabel(address.address_type)}
                    </Badge>
                    {canChange && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit address ${formatAddress(address)}`}
                          onClick={() => setDialog({ address })}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                        <Tooltip label={SELLER_MESSAGES.last_billing_address} disabled={!lastBilling}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete address ${formatAddress(address)}`}
                            disabled={lastBilling}
                            onClick={() => setDeleting(address)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Group>
                  <AddressText address={address} />
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
      {dialog && (
        <SellerAddressDialog sellerId={seller.id} address={dialog.address} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Address"
        message={deleting ? `Delete ${formatAddress(deleting)}, ${deleting.city}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}

function SellerAddressDialog({
  sellerId,
  address,
  onClose,
}: {
  sellerId: number;
  /** null adds an address */
  address: SellerAddress | null;
  onClose: () => void;
}) {
  const add = useAddSellerAddress(sellerId);
  const update = useUpdateSellerAddress(sellerId);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema) as never,
    defaultValues: {
      ...(address ? addressFormValues(address) : emptyAddress()),
      address_type: address?.address_type ?? 'billing_address',
      addSameAsBilling: false,
    },
  });
  const type = useWatch({ control: form.control, name: 'address_type' });

  const submit = form.handleSubmit(async () => {
    const values = schema.parse(form.getValues());
    const body = addressBody(values);
    try {
      if (address) {
        await update.mutateAsync({
          addressId: address.id,
          body: {
            ...body,
            address_line_2: body.address_line_2 ?? null,
            landmark: body.landmark ?? null,
            address_type: values.address_type,
          },
        });
      } else {
        await add.mutateAsync({
          ...body,
          address_type: values.address_type,
          addSameAsBilling: values.address_type === 'billing_address' && values.addSameAsBilling,
        });
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <AddressDialog
      editing={address !== null}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <AddressFields control={form.control} types={TYPES} />
      {!address && type === 'billing_address' && (
        <Controller
          control={form.control}
          name="addSameAsBilling"
          render={({ field }) => (
            <Checkbox
              label="Same as billing"
              description="Add this address as the shipping address too."
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
      )}
    </AddressDialog>
  );
}
