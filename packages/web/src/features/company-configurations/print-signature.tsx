import type { printSignatureOutput } from '@b2b/domain/api/companies';
import { PRINT_SIGNATURE_FORMATS_MESSAGE } from '@b2b/domain/api/companies';
import { Button, FileButton, Group, Text } from '@mantine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { configurationKeys } from './company-configurations.api';

type PrintSignature = z.output<typeof printSignatureOutput>;

/** Keyed under the configurations list, so it is read again with the print settings. */
const printSignatureQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...configurationKeys.list(companyId), 'print-signature'] as const,
    queryFn: ({ signal }) =>
      api.get<PrintSignature>(`companies/${companyId}/print_signature`, undefined, signal),
  });

const PRINTABLE = ['image/png', 'image/jpeg'];

/**
 * The signature image the documents print above 'Authorised Signatory' (print_configuration's
 * show_signature): upload a PNG or JPEG, replace it, or remove it.
 */
export function PrintSignature({ companyId, canChange }: { companyId: number; canChange: boolean }) {
  const client = useQueryClient();
  const state = useQuery(printSignatureQuery(companyId));
  const refresh = () => client.invalidateQueries({ queryKey: printSignatureQuery(companyId).queryKey });
  const upload = useMutation({
    mutationFn: async (file: File) => {
      if (!PRINTABLE.includes(file.type)) {
        throw new ApiError({
          status: 400,
          detail: PRINT_SIGNATURE_FORMATS_MESSAGE,
          errors: { file: [PRINT_SIGNATURE_FORMATS_MESSAGE] },
        });
      }
      const form = new FormData();
      form.append('file', file);
      return api.upload<PrintSignature>(`companies/${companyId}/print_signature`, form);
    },
    meta: { successMessage: 'Signature uploaded successfully.', errorMessage: 'Failed to upload signature.' },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api.delete<PrintSignature>(`companies/${companyId}/print_signature`),
    meta: { successMessage: 'Signature removed successfully.', errorMessage: 'Failed to remove signature.' },
    onSuccess: refresh,
  });
  const isSet = state.data?.print_signature_set ?? false;
  return (
    <Group gap="sm" align="center">
      <Text size="sm" fw={500}>
        Signature image
      </Text>
      <Text size="sm" c="dimmed">
        {state.isPending ? 'Loading…' : isSet ? 'Uploaded' : 'Not uploaded'}
      </Text>
      {canChange && (
        <>
          <FileButton accept="image/png,image/jpeg" onChange={(file) => file && upload.mutate(file)}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                {isSet ? 'Replace signature' : 'Upload signature'}
              </Button>
            )}
          </FileButton>
          {isSet && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove signature
            </Button>
          )}
        </>
      )}
    </Group>
  );
}
