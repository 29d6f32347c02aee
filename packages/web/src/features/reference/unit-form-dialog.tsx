import { UNIT_CODE_MAX, UNIT_NAME_MAX, unitCreate } from '@b2b/domain/api/reference';
import { GST_UNITS } from '@b2b/domain/reference-data';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { type Unit, useCreateUnit } from './reference.api';

type Values = z.input<typeof unitCreate>;
const FIELDS = ['name', 'code', 'uqc'] as const;

const UQC_OPTIONS = GST_UNITS.map((unit) => ({
  value: unit.code,
  label: `${unit.description} (${unit.code})`,
}));

export interface UnitFormDialogProps {
  companyId: number;
  onClose: () => void;
  /** After the unit is made, with the server's unit (a picker then chooses it). */
  onCreated?: (unit: Unit) => void;
}

/**
 * '+ New Unit': a company's own unit of quantity (Tray of 30, Carton). GST returns count quantities
 * in the fixed Unique Quantity Codes, so the unit names the UQC it is reported as.
 */
export function UnitFormDialog({ companyId, onClose, onCreated }: UnitFormDialogProps) {
  const create = useCreateUnit(companyId);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(unitCreate),
    defaultValues: { name: '', code: '', uqc: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const unit = await create.mutateAsync(unitCreate.parse(values));
      onCreated?.(unit);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <FormDialog
      title="Create Unit"
      submitLabel="Create Unit"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        control={form.control}
        name="name"
        label="Unit Name"
        required
        maxLength={UNIT_NAME_MAX}
        description="As it is printed on documents: Tray of 30, Carton."
        data-autofocus
      />
      <TextField
        control={form.control}
        name="code"
        label="Unit Code"
        required
        maxLength={UNIT_CODE_MAX}
        description={`Up to ${UNIT_CODE_MAX} letters and digits, unique in your company.`}
      />
      <SelectField
        control={form.control}
        name="uqc"
        label="GST Unit (UQC)"
        required
        placeholder="Choose a GST unit"
        description="How GST returns and e-invoices count this unit."
        data={UQC_OPTIONS}
        searchable
        nothingFoundMessage="No GST unit found"
      />
    </FormDialog>
  );
}
