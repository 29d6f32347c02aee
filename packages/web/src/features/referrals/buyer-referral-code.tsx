import { Button, Card, CopyButton, Group, Skeleton, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { referralCodeQuery, useCreateReferralCode } from './referrals.api';

/** The buyer's referral code on the buyer's page (made on demand), with how many referrals it brought. */
export function BuyerReferralCode({ buyerId }: { buyerId: number }) {
  const user = useCurrentUser();
  const canView = canPerform(user, 'view_referral_program');
  const code = useQuery({ ...referralCodeQuery(buyerId), enabled: canView });
  const create = useCreateReferralCode(buyerId);
  if (!canView) return null;
  return (
    <Card withBorder padding="sm" aria-label="Referral code">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Referral code
          </Text>
          {!code.data ? (
            <Skeleton height={20} width={100} />
          ) : code.data.code ? (
            <>
              <Text fw={600} ff="monospace" data-testid="buyer-referral-code">
                {code.data.code}
              </Text>
              <CopyButton value={code.data.code}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconCopy size={12} />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </>
          ) : (
            <Text size="sm">None yet</Text>
          )}
        </Group>
        {code.data && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {code.data.referrals} referral{code.data.referrals === 1 ? '' : 's'}, {code.data.rewarded}{' '}
              rewarded
            </Text>
            {code.data.code === null && canPerform(user, 'add_referral_program') && (
              <Button
                size="compact-sm"
                variant="light"
                loading={create.isPending}
                onClick={() => create.mutate()}
              >
                Create Referral Code
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Card>
  );
}
