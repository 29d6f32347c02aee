import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { PATHS } from '../../session/paths';
import { OfferForm } from './offer-form';
import { OFFER_KINDS_SCREENS } from './offer-kinds';
import { OFFER_TOASTS, type OfferKind, offerQuery } from './offers.api';
import { canChangeOffer } from './offers-page';

/** /offers/{kind}-offers/{id}/edit: the offer's form with its stored values. */
export function OfferEditPage({ kind }: { kind: OfferKind }) {
  const screens = OFFER_KINDS_SCREENS[kind];
  const user = useCurrentUser();
  const navigate = useNavigate();
  const id = useIdParam(kind === 'product' ? PATHS.productOfferEdit : PATHS.cartOfferEdit);
  const offer = useQuery({ ...offerQuery(id ?? 0), enabled: id !== null });
  const list = { to: screens.listPath, label: screens.plural };
  // An offer of the other kind is not found here (its own list has it).
  const wrongKind = offer.data !== undefined && offer.data.kind !== kind;
  return (
    <DetailLoader
      id={wrongKind ? null : id}
      query={offer}
      list={list}
      notFoundMessage={OFFER_TOASTS.not_found}
      loadFailedTitle={OFFER_TOASTS.load_failed}
      loadingLabel="Loading offer"
    >
      {(data) => (
        <Stack gap="lg">
          <DetailHeader list={list} title={`Edit ${data.title}`} />
          {canChangeOffer(user, kind) ? (
            <OfferForm
              key={data.id}
              companyId={user.company.id}
              kind={kind}
              offer={data}
              onSaved={(saved) => void navigate({ to: screens.detailPath(saved.id) })}
              onCancel={() => void navigate({ to: screens.detailPath(data.id) })}
            />
          ) : (
            <ReadOnlyNotice thing="offers" />
          )}
        </Stack>
      )}
    </DetailLoader>
  );
}

export function ProductOfferEditPage() {
  return <OfferEditPage kind="product" />;
}

export function CartOfferEditPage() {
  return <OfferEditPage kind="cart" />;
}
