import { ORDER_MESSAGES } from '@b2b/domain/sales-orders';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { notifySuccess } from '../../components/notify';
import { notifyOrderFailure, type SalesOrder } from '../sales-orders/sales-orders.api';
import {
  ITEM_SERVER_FIELD,
  type QuotationFormOutput,
  type QuotationFormValues,
  quotationBody,
  quotationFormValues,
  SERVER_FIELDS,
} from './quotation-form.schema';
import {
  QUOTATION_TOASTS,
  type Quotation,
  useEditOrder,
  useGenerateDirectOrder,
  useGenerateOrder,
  useSaveQuotation,
  useSubmitQuotation,
} from './quotations.api';

export type QuotationAction = 'draft' | 'quotation' | 'order' | 'instant' | 'update';

export interface QuotationActionHandlers {
  /** A quotation was saved (and submitted): the page may move to its address. */
  onSaved: (quotation: Quotation) => void;
  /** An order was placed or a new version made: the page goes to it. */
  onOrdered: (order: SalesOrder) => void;
}

/** The failure title and forbidden sentence of each button's first step (saving the quotation). */
const SAVE_FAILURES: Record<QuotationAction, [string, string]> = {
  draft: [ORDER_MESSAGES.create_quotation_failed, ORDER_MESSAGES.forbidden],
  quotation: [ORDER_MESSAGES.create_quotation_failed, ORDER_MESSAGES.forbidden],
  order: [ORDER_MESSAGES.create_failed, ORDER_MESSAGES.forbidden_place],
  instant: [ORDER_MESSAGES.create_failed, ORDER_MESSAGES.forbidden_place],
  update: [ORDER_MESSAGES.edit_failed, ORDER_MESSAGES.forbidden_update],
};

/**
 * The form's buttons. Place Order and Place Instant Order on a form never saved place the order in
 * one step (generate_order). Otherwise each saves the quotation first (generate_quotation the first time,
 * edit_quotation after), then: Save as Draft stops there; Create Quotation submits it; Place Order
 * and Place Instant Order turn it into an order; Update Order makes the edited order's new version.
 * The server's per-field messages go under the fields they name.
 */
export function useQuotationActions(
  companyId: number,
  form: UseFormReturn<QuotationFormValues, unknown, QuotationFormOutput>,
  initial: Quotation | null,
  handlers: QuotationActionHandlers,
) {
  const [current, setCurrent] = useState<Quotation | null>(initial);
  const [busy, setBusy] = useState<QuotationAction | null>(null);
  const save = useSaveQuotation(companyId);
  const submit = useSubmitQuotation();
  const generateOrder = useGenerateOrder();
  const directOrder = useGenerateDirectOrder(companyId);
  const editOrder = useEditOrder();

  const showFieldErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    for (const [field, messages] of Object.entries(error.errors)) {
      const known = (SERVER_FIELDS as readonly string[]).includes(field) || ITEM_SERVER_FIELD.test(field);
      if (known && messages[0]) form.setError(field as never, { type: 'server', message: messages[0] });
    }
  };

  const persist = async (values: QuotationFormOutput, action: QuotationAction) => {
    try {
      const saved = await save.mutateAsync({ id: current?.id ?? null, body: quotationBody(values) });
      setCurrent(saved);
      form.reset(quotationFormValues(saved));
      return saved;
    } catch (error) {
      showFieldErrors(error);
      notifyOrderFailure(SAVE_FAILURES[action][0], SAVE_FAILURES[action][1], error);
      return null;
    }
  };

  const steps: Record<QuotationAction, (saved: Quotation) => Promise<void>> = {
    draft: async (saved) => {
      notifySuccess(saved.status === 'draft' ? ORDER_MESSAGES.saved_as_draft : QUOTATION_TOASTS.updated);
      handlers.onSaved(saved);
    },
    quotation: async (saved) => {
      const submitted = saved.status === 'draft' ? await submit.mutateAsync(saved.id) : saved;
      setCurrent(submitted);
      handlers.onSaved(submitted);
    },
    order: async (saved) =>
      handlers.onOrdered(await generateOrder.mutateAsync({ id: saved.id, instant: false })),
    instant: async (saved) =>
      handlers.onOrdered(await generateOrder.mutateAsync({ id: saved.id, instant: true })),
    update: async (saved) => handlers.onOrdered(await editOrder.mutateAsync(saved.id)),
  };

  const run = (action: QuotationAction) =>
    form.handleSubmit(async (values) => {
      setBusy(action);
      try {
        if (current === null && (action === 'order' || action === 'instant')) {
          // Nothing saved yet: the order is placed in one step, so that a refused order leaves
          // no draft quotation behind (issue 18).
          const body = quotationBody(values);
          handlers.onOrdered(await directOrder.mutateAsync({ body, instant: action === 'instant' }));
          return;
        }
        const saved = await persist(values, action);
        if (saved) await steps[action](saved);
      } catch (error) {
        // The second step's toast came from its mutation; its field messages go on the form.
        showFieldErrors(error);
      } finally {
        setBusy(null);
      }
    });

  return { current, busy, run };
}
