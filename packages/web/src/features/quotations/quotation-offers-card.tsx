import { OFFER_STACKING_RULE_TEXT } from '@b2b/domain/offers';
import { ORDER_MESSAGES } from '@b2b/domain/sales-orders';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { Money } from '../../components/money';
import { notifyFailure } from '../../components/notify';
import { type AvailableOffer, availableOffersQuery, type Quotation, useCoupon } from './quotations.api';

/** The server's refusal of a coupon, for under the field; null when it is not about the coupon. */
function couponProblem(error: unknown): string | null {
  if (!isApiError(error) || ![400, 404, 409, 422].includes(error.status)) return null;
  return error.errors.coupon_code?.[0] ?? error.detail;
}

function OfferRow({
  offer,
  onApply,
  applying,
}: {
  offer: AvailableOffer;
  onApply?: (code: string) => void;
  applying: boolean;
}) {
  return (
    <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
      <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            {offer.title}
          </Text>
          {offer.coupon_code && (
            <Badge variant="outline" radius="sm" size="sm">
              {offer.coupon_code}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {offer.kind === 'product' ? 'Product offer' : 'Cart offer'}
          {' · '}
          {offer.min_order_value > 0 ? (
            <>
              on orders of <Money value={offer.min_order_value} /> or more
            </>
          ) : (
            'no minimum order'
          )}
          {offer.coupon_code ? '' : ' · applies by itself'}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {offer.reward_type === 'cashpoints' ? (
          <Text size="sm" c="teal" fw={500}>
            Earns <Money value={offer.cashpoints} /> cashpoints
          </Text>
        ) : (
          <Text size="sm" c="teal" fw={500}>
            Saves <Money value={offer.discount} />
          </Text>
        )}
        {offer.coupon_code && onApply && (
          <Button
            size="compact-sm"
            variant="light"
            loading={applying}
            aria-label={`Apply ${offer.coupon_code}`}
            onClick={() => onApply(offer.coupon_code ?? '')}
          >
            Apply
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Offers the saved quotation qualifies for, and the coupon box (apply, remove). */
export function QuotationOffersCard({ quotation, editable }: { quotation: Quotation; editable: boolean }) {
  const offers = useQuery(availableOffersQuery(quotation.id));
  const coupon = useCoupon(quotation.id);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (next: string | null) => {
    setProblem(null);
    try {
      await coupon.mutateAsync(next);
      setCode('');
    } catch (error) {
      const refusal = couponProblem(error);
      if (refusal && next !== null) setProblem(refusal);
      else notifyFailure(ORDER_MESSAGES.update_failed, error);
    }
  };
  const apply = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '') setProblem('Please enter a coupon code.');
    else void run(trimmed);
  };

  return (
    <Card withBorder padding="md" component="section" aria-label="Offers">
      <Stack gap="sm">
        <Title order={4}>Offers</Title>
        {quotation.offers.length > 0 && (
          <Stack gap={4} aria-label="Offers applied">
            {quotation.offers.map((offer) => (
              <Group key={offer.id} justify="space-between" gap="xs">
                <Text size="sm">
                  {offer.title}{' '}
                  <Text span size="xs" c="dimmed">
                    ({offer.kind === 'product' ? 'product offer' : 'cart offer'}
                    {offer.by_coupon ? ', by coupon' : ''})
                  </Text>
                </Text>
                <Text size="sm" c="teal">
                  {offer.reward_type === 'cashpoints' ? (
                    <>
                      + <Money value={offer.cashpoints} /> cashpoints
                    </>
                  ) : (
                    <>
                      − <Money value={offer.discount} />
                    </>
                  )}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {quotation.coupon_code ? (
          <Group gap="xs">
            <Badge leftSection={<IconTicket size={12} />} color="teal" variant="light" size="lg">
              {quotation.coupon_code}
            </Badge>
            <Text size="sm" c="teal">
              − <Money value={quotation.totals.coupon_discount} />
            </Text>
            {editable && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={coupon.isPending}
                onClick={() => void run(null)}
              >
                Remove Coupon
              </Button>
            )}
          </Group>
        ) : (
          editable && (
            <Group align="flex-start" gap="xs">
              <TextInput
                label="Coupon Code"
                placeholder="Enter a coupon code"
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value.toUpperCase());
                  setProblem(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    apply(code);
                  }
                }}
                error={problem}
                maxLength={40}
                w={240}
              />
              <Button mt={25} variant="default" loading={coupon.isPending} onClick={() => apply(code)}>
                Apply
              </Button>
            </Group>
          )
        )}
        {offers.isLoading ? (
          <Skeleton height={36} />
        ) : (offers.data ?? []).filter((offer) => !offer.is_applied).length === 0 ? (
          <Text size="sm" c="dimmed">
            {offers.isError
              ? 'Offers could not be loaded.'
              : quotation.offers.length > 0
                ? 'No other offer applies to this quotation.'
                : 'No offer applies to this quotation.'}
          </Text>
        ) : (
          (offers.data ?? [])
            .filter((offer) => !offer.is_applied)
            .map((offer) => (
              <OfferRow
                key={offer.id}
                offer={offer}
                applying={coupon.isPending}
                onApply={editable && !quotation.coupon_code ? (c) => void run(c) : undefined}
              />
            ))
        )}
        <Text size="xs" c="dimmed">
          {OFFER_STACKING_RULE_TEXT}
        </Text>
      </Stack>
    </Card>
  );
}
