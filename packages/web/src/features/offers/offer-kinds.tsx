import { OFFER_STATUS_COLORS, OFFER_STATUS_LABELS, type OfferStatus } from '@b2b/domain/api/offers';
import { Badge } from '@mantine/core';
import {
  cartOfferEditPath,
  cartOfferPath,
  PATHS,
  productOfferEditPath,
  productOfferPath,
} from '../../session/paths';
import type { OfferKind } from './offers.api';

/** What differs between the product offer and cart offer screens: names, addresses, wording. */
export interface OfferKindScreens {
  kind: OfferKind;
  /** 'Product Offers' */
  plural: string;
  /** 'Product Offer' */
  singular: string;
  listPath: string;
  newPath: string;
  detailPath: (id: number) => string;
  editPath: (id: number) => string;
  /** What an offer of the kind is, for the empty list. */
  explanation: string;
}

export const OFFER_KINDS_SCREENS: Record<OfferKind, OfferKindScreens> = {
  product: {
    kind: 'product',
    plural: 'Product Offers',
    singular: 'Product Offer',
    listPath: PATHS.productOffers,
    newPath: PATHS.productOfferNew,
    detailPath: productOfferPath,
    editPath: productOfferEditPath,
    explanation:
      'A product offer takes a price off every order line of the products, categories or brands you choose: a percentage of the line, or a flat amount off each unit. It applies by itself, or when the buyer enters its coupon code.',
  },
  cart: {
    kind: 'cart',
    plural: 'Cart Offers',
    singular: 'Cart Offer',
    listPath: PATHS.cartOffers,
    newPath: PATHS.cartOfferNew,
    detailPath: cartOfferPath,
    editPath: cartOfferEditPath,
    explanation:
      'A cart offer takes a percentage or a flat amount off the whole order, when the order meets its conditions (minimum order value or quantity, buyer groups, sales channel, first order). It applies by itself, or when the buyer enters its coupon code.',
  },
};

/** Active, Scheduled, Expired, Exhausted or Inactive, in the domain's colours. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge color={OFFER_STATUS_COLORS[status]} variant="light" radius="sm">
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}
