import {
  GSTR3B_DOCUMENT_KIND_LABELS,
  GSTR3B_HEAD_LABELS,
  GSTR3B_MESSAGES,
  type Gstr3bDocumentKind,
  type Gstr3bHead,
  periodLabel,
} from '@b2b/domain/gst/gstr3b';
import { Anchor, Drawer, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatDay } from '../../components/format-day';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { billPath, creditNotePath, debitNotePath, invoicePath } from '../../session/paths';
import { GSTR3B_DOCUMENTS_PAGE, gstr3bDocumentsQuery } from './gstr3b.api';

const PATH_OF: Record<Gstr3bDocumentKind, (id: number) => string> = {
  invoice: invoicePath,
  credit_note: creditNotePath,
  bill: billPath,
  debit_note: debitNotePath,
};

/** The table head a figure belongs to, as the drawer's title names it: '3.1(a) Outward taxable ...'. */
const HEAD_NUMBERS: Record<Gstr3bHead, string> = {
  '3.1a': '3.1',
  '3.1b': '3.1',
  '3.1c': '3.1',
  '3.1d': '3.1',
  '3.1e': '3.1',
  '3.2': '3.2 ',
  '4a3': '4(A)',
  '4a5': '4(A)',
  '4b2': '4(B)',
  '4': '4',
  '5a_inter': '5 ',
  '5a_intra': '5 ',
  '5b_inter': '5 ',
  '5b_intra': '5 ',
};
const headTitle = (head: Gstr3bHead) => `${HEAD_NUMBERS[head]}${GSTR3B_HEAD_LABELS[head]}`;

/**
 * The documents behind one figure of GSTR-3B, a page at a time, each linking to its document.
 * Credit notes and (in 4(C) and table 5) debit notes show as negative: the figure is their sum.
 */
export function Gstr3bDocumentsDrawer({
  companyId,
  gstin,
  period,
  head,
  onClose,
}: {
  companyId: number;
  gstin: string;
  period: string;
  head: Gstr3bHead;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const documents = useQuery(gstr3bDocumentsQuery(companyId, gstin, period, head, page));
  const pages = Math.max(1, Math.ceil((documents.data?.count ?? 0) / GSTR3B_DOCUMENTS_PAGE));
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={<Text fw={600}>{headTitle(head)}</Text>}
      closeButtonProps={{ 'aria-label': 'Close documents' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {gstin} · {periodLabel(period)}
          {documents.data
            ? ` · ${documents.data.count} document${documents.data.count === 1 ? '' : 's'}`
            : ''}
        </Text>
        {documents.isPending && <Loader aria-label="Loading documents" />}
        {documents.isError && (
          <LoadErrorAlert
            title={GSTR3B_MESSAGES.documents_failed}
            error={documents.error}
            onRetry={() => documents.refetch()}
          />
        )}
        {documents.data && documents.data.count === 0 && (
          <Text size="sm">{GSTR3B_MESSAGES.no_documents}</Text>
        )}
        {documents.data && documents.data.results.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder aria-label="Documents behind the figure">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Party</Table.Th>
                  <Table.Th ta="right">Taxable value</Table.Th>
                  <Table.Th ta="right">IGST</Table.Th>
                  <Table.Th ta="right">CGST</Table.Th>
                  <Table.Th ta="right">SGST</Table.Th>
                  <Table.Th ta="right">Cess</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.data.results.map((row) => (
                  <Table.Tr key={`${row.kind}-${row.id}-${row.head}`}>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {GSTR3B_DOCUMENT_KIND_LABELS[row.kind]}
                      </Text>
                      <Anchor component={Link} to={PATH_OF[row.kind](row.id)} size="sm">
                        {row.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDay(row.date)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.party}</Text>
                      {row.party_gstin && (
                        <Text size="xs" c="dimmed">
                          {row.party_gstin}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.taxable_value} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.igst} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.cgst} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.sgst} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={row.cess} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="flex-end">
            <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages of documents" />
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
