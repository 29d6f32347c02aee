import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { useFilePicker } from '../../components/use-file-picker';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { LOGO_TYPES } from '../companies/company-logo-file';
import { brandColumns } from './brand-columns';
import { BrandFormDialog } from './brand-form-dialog';
import {
  type Brand,
  type BrandListParams,
  brandListQuery,
  useDeleteBrand,
  useDeleteBrandLogo,
  useSetBrandIgnoreForBi,
  useUpdateBrand,
  useUploadBrandLogo,
} from './brands.api';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; brand: Brand }
  | { kind: 'delete'; brand: Brand }
  | { kind: 'delete-logo'; brand: Brand }
  | null;

/** /brands: the company's brands with search and status filter, logos and the BI switch. */
export function BrandsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_brand');
  const canChange = canPerform(user, 'change_brand');
  const canDelete = canPerform(user, 'delete_brand');

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [dialog, setDialog] = useState<Dialog>(null);

  const params: BrandListParams = {
    ...list.params,
    is_active: filter.isActive,
  };
  const brands = useQuery(brandListQuery(companyId, params));
  const update = useUpdateBrand();
  const ignoreForBi = useSetBrandIgnoreForBi();
  const remove = useDeleteBrand();
  const uploadLogo = useUploadBrandLogo();
  const deleteLogo = useDeleteBrandLogo();
  const logoPicker = useFilePicker<Brand>({
    accept: LOGO_TYPES.join(','),
    label: 'Brand logo file',
    onPick: (file, brand) => uploadLogo.mutate({ id: brand.id, file }),
  });

  const pendingIgnore =
    ignoreForBi.isPending && ignoreForBi.variables
      ? { id: ignoreForBi.variables.id, ignore: ignoreForBi.variables.ignore }
      : null;
  const columns = brandColumns(
    { canChange, canDelete },
    {
      onEdit: (brand) => setDialog({ kind: 'edit', brand }),
      onSetActive: (brand, active) => update.mutate({ id: brand.id, body: { is_active: active } }),
      onIgnoreForBi: (brand, ignore) => ignoreForBi.mutate({ id: brand.id, ignore }),
      pendingIgnore,
      onUploadLogo: logoPicker.open,
      onDeleteLogo: (brand) => setDialog({ kind: 'delete-logo', brand }),
      onDelete: (brand) => setDialog({ kind: 'delete', brand }),
    },
  );

  // The empty-state card only while the company has no brand at all; a search that finds
  // nothing keeps the filters on screen.
  const noBrandsYet = !filter.filtered && brands.data?.count === 0 && !brands.isPlaceholderData;
  const openCreate = () => setDialog({ kind: 'create' });

  return (
    <ListPage
      title="Brands"
      addLabel="Create Brand"
      onAdd={canAdd ? openCreate : undefined}
      dialogOpen={dialog !== null}
      readOnlyThing={canChange ? undefined : 'brands'}
      noneYet={noBrandsYet}
      area="brands"
      filters={<SearchAndStatusFilters filter={filter} placeholder="Brand name" />}
      table={
        <DataTable
          label="Brands"
          columns={columns}
          rowKey={(brand) => brand.id}
          data={brands.data}
          isLoading={brands.isLoading}
          error={brands.error}
          errorTitle="Failed to load brands."
          onRetry={() => brands.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          minWidth={760}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No brand matches the search or the status filter.
            </Text>
          }
        />
      }
    >
      {logoPicker.input}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <BrandFormDialog
          companyId={companyId}
          brand={dialog.kind === 'edit' ? dialog.brand : null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Brand"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${dialog.brand.name}? Orders and reports that name it keep the name.`
            : ''
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete') remove.mutate(dialog.brand.id, { onSettled: () => setDialog(null) });
        }}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete-logo'}
        title="Delete Logo"
        message={dialog?.kind === 'delete-logo' ? `Delete the logo of ${dialog.brand.name}?` : ''}
        confirmLabel="Delete"
        loading={deleteLogo.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete-logo') {
            deleteLogo.mutate(dialog.brand.id, { onSettled: () => setDialog(null) });
          }
        }}
      />
    </ListPage>
  );
}
