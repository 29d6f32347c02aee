import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { OfferForm } from './offer-form';
import { OFFER_KINDS_SCREENS } from './offer-kinds';
import type { OfferKind } from './offers.api';
import { canAddOffer } from './offers-page';

/** /offers/product-offers/new and /offers/cart-offers/new. */
export function OfferCreatePage({ kind }: { kind: OfferKind }) {
  const screens = OFFER_KINDS_SCREENS[kind];
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <DetailHeader
        list={{ to: screens.listPath, label: screens.plural }}
        title={`New ${screens.singular}`}
      />
      {canAddOffer(user, kind) ? (
        <OfferForm
          companyId={user.company.id}
          kind={kind}
          onSaved={(offer) => void navigate({ to: screens.detailPath(offer.id) })}
          onCancel={() => void navigate({ to: screens.listPath })}
        />
      ) : (
        <ReadOnlyNotice thing="offers" />
      )}
    </Stack>
  );
}

export function ProductOfferCreatePage() {
  return <OfferCreatePage kind="product" />;
}

export function CartOfferCreatePage() {
  return <OfferCreatePage kind="cart" />;
}
