import type { taxFiguresOutput } from '@b2b/domain/api/gstr3b';
import {
  GSTR3B_HEAD_LABELS,
  GSTR3B_MESSAGES,
  GSTR3B_TABLE5_ROWS,
  type Gstr3bHead,
  periodLabel,
} from '@b2b/domain/gst/gstr3b';
import { todayInIndia } from '@b2b/domain/validation';
import { Alert, Anchor, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { allBranchesQuery } from '../branches/branches.api';
import { FiledPeriodControl } from './filed-period-control';
import { type Gstr3b, gstr3bQuery } from './gstr3b.api';
import { Gstr3bDocumentsDrawer } from './gstr3b-documents-drawer';
import { gstinOptions, recentPeriods } from './gstr3b-options';

type Figures = z.infer<typeof taxFiguresOutput>;
const TAX_COLUMNS = [
  ['igst', 'Integrated tax'],
  ['cgst', 'Central tax'],
  ['sgst', 'State/UT tax'],
  ['cess', 'Cess'],
] as const;

/** A figure of the return: a button that opens the documents behind it. */
function Figure({
  value,
  head,
  onOpen,
}: {
  value: number;
  head: Gstr3bHead;
  onOpen: (head: Gstr3bHead) => void;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      onClick={() => onOpen(head)}
      aria-label={`${value.toFixed(2)}: show the documents of ${GSTR3B_HEAD_LABELS[head]}`}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      <Money value={value} />
    </Anchor>
  );
}

function FigureCells({
  figures,
  head,
  onOpen,
  taxable = true,
}: {
  figures: Figures;
  head: Gstr3bHead;
  onOpen: (head: Gstr3bHead) => void;
  taxable?: boolean;
}) {
  return (
    <>
      {taxable && (
        <Table.Td ta="right">
          <Figure value={figures.taxable_value} head={head} onOpen={onOpen} />
        </Table.Td>
      )}
      {TAX_COLUMNS.map(([key]) => (
        <Table.Td key={key} ta="right">
          <Figure value={figures[key]} head={head} onOpen={onOpen} />
        </Table.Td>
      ))}
    </>
  );
}

/**
 * GSTR-3B (issue 22): a GSTIN's monthly summary laid out as the portal's tables. Every figure opens
 * the documents it is made of; the return can be marked filed (locking its documents) or reopened.
 */
export function Gstr3bPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const branches = useQuery(allBranchesQuery(companyId));
  const gstins = useMemo(() => gstinOptions(branches.data?.results ?? []), [branches.data]);
  const periods = useMemo(() => recentPeriods(todayInIndia(), 24), []);
  const [gstin, setGstin] = useState<string | null>(null);
  const [period, setPeriod] = useState<string>(periods[0].value);
  const [head, setHead] = useState<Gstr3bHead | null>(null);
  useEffect(() => {
    if (gstin === null && gstins.length > 0) setGstin(gstins[0].value);
  }, [gstin, gstins]);
  const table = useQuery({ ...gstr3bQuery(companyId, gstin ?? '', period), enabled: gstin !== null });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>GSTR-3B</Title>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="GSTIN"
            data={gstins}
            value={gstin}
            onChange={(value) => value && setGstin(value)}
            allowDeselect={false}
            w={380}
            disabled={gstins.length === 0}
          />
          <Select
            label="Tax period"
            data={periods}
            value={period}
            onChange={(value) => value && setPeriod(value)}
            allowDeselect={false}
            w={200}
          />
        </Group>
      </Group>

      {branches.isPending && <Loader aria-label="Loading branches" />}
      {branches.isError && <LoadErrorAlert error={branches.error} onRetry={() => branches.refetch()} />}
      {branches.isSuccess && gstins.length === 0 && (
        <Alert color="gray" title="No GSTIN">
          {GSTR3B_MESSAGES.no_gstins}
        </Alert>
      )}

      {gstin && (
        <Card withBorder>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {gstin} · {periodLabel(period)}
              {table.data ? ` · ${table.data.branches.map((branch) => branch.name).join(', ')}` : ''}
            </Text>
            <FiledPeriodControl
              companyId={companyId}
              gstin={gstin}
              period={period}
              returnType="gstr3b"
              canChange={canPerform(user, 'change_gst_return')}
            />
          </Group>
        </Card>
      )}

      {gstin && table.isPending && <Loader aria-label="Loading GSTR-3B" />}
      {table.isError && (
        <LoadErrorAlert
          title={GSTR3B_MESSAGES.load_failed}
          error={table.error}
          onRetry={() => table.refetch()}
        />
      )}
      {table.data && gstin && <Gstr3bTables data={table.data} onOpen={setHead} />}
      {gstin && head && (
        <Gstr3bDocumentsDrawer
          companyId={companyId}
          gstin={gstin}
          period={period}
          head={head}
          onClose={() => setHead(null)}
        />
      )}
    </Stack>
  );
}

function Gstr3bTables({ data, onOpen }: { data: Gstr3b; onOpen: (head: Gstr3bHead) => void }) {
  const outwardRows = ['3.1a', '3.1b', '3.1c', '3.1d', '3.1e'] as const;
  return (
    <Stack gap="lg">
      <section aria-labelledby="gstr3b-31">
        <Title order={4} id="gstr3b-31" mb="xs">
          3.1 Details of outward supplies and inward supplies liable to reverse charge
        </Title>
        <Table.ScrollContainer minWidth={760}>
          <Table
            withTableBorder
            striped
            aria-label="3.1 Outward supplies and inward supplies liable to reverse charge"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nature of supplies</Table.Th>
                <Table.Th ta="right">Total taxable value</Table.Th>
                {TAX_COLUMNS.map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outwardRows.map((head) => (
                <Table.Tr key={head}>
                  <Table.Td>{GSTR3B_HEAD_LABELS[head]}</Table.Td>
                  <FigureCells figures={data.outward[head]} head={head} onOpen={onOpen} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>

      <section aria-labelledby="gstr3b-32">
        <Title order={4} id="gstr3b-32" mb="xs">
          3.2 Inter-state supplies made to unregistered persons
        </Title>
        {data.unregistered_inter_state.length === 0 ? (
          <Text size="sm" c="dimmed">
            No inter-state supplies to unregistered persons in this period.
          </Text>
        ) : (
          <Table withTableBorder striped aria-label="3.2 Inter-state supplies to unregistered persons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Place of supply (State/UT)</Table.Th>
                <Table.Th ta="right">Total taxable value</Table.Th>
                <Table.Th ta="right">Amount of integrated tax</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.unregistered_inter_state.map((row) => (
                <Table.Tr key={row.state_code}>
                  <Table.Td>
                    {row.state_code}-{row.state_name}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Figure value={row.taxable_value} head="3.2" onOpen={onOpen} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Figure value={row.igst} head="3.2" onOpen={onOpen} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby="gstr3b-4">
        <Title order={4} id="gstr3b-4" mb="xs">
          4. Eligible ITC
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped aria-label="4 Eligible ITC">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Details</Table.Th>
                {TAX_COLUMNS.map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td fw={600}>(A) ITC available (whether in full or part)</Table.Td>
                {TAX_COLUMNS.map(([key]) => (
                  <Table.Td key={key} ta="right">
                    <Money value={data.itc.available[key]} />
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td pl="lg">{GSTR3B_HEAD_LABELS['4a3']}</Table.Td>
                <FigureCells figures={data.itc.reverse_charge} head="4a3" onOpen={onOpen} taxable={false} />
              </Table.Tr>
              <Table.Tr>
                <Table.Td pl="lg">{GSTR3B_HEAD_LABELS['4a5']}</Table.Td>
                <FigureCells figures={data.itc.all_other} head="4a5" onOpen={onOpen} taxable={false} />
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={600}>(B) ITC reversed</Table.Td>
                {TAX_COLUMNS.map(([key]) => (
                  <Table.Td key={key} ta="right">
                    <Money value={data.itc.reversed[key]} />
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td pl="lg">{GSTR3B_HEAD_LABELS['4b2']}</Table.Td>
                <FigureCells figures={data.itc.reversed} head="4b2" onOpen={onOpen} taxable={false} />
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={600}>{GSTR3B_HEAD_LABELS['4']}</Table.Td>
                <FigureCells figures={data.itc.net} head="4" onOpen={onOpen} taxable={false} />
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>

      <section aria-labelledby="gstr3b-5">
        <Title order={4} id="gstr3b-5" mb="xs">
          5. Values of exempt, nil-rated and non-GST inward supplies
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped aria-label="5 Exempt, nil-rated and non-GST inward supplies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nature of supplies</Table.Th>
                <Table.Th ta="right">Inter-State supplies</Table.Th>
                <Table.Th ta="right">Intra-State supplies</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {GSTR3B_TABLE5_ROWS.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td ta="right">
                    <Figure
                      value={data.inward_exempt[row.key].inter_state}
                      head={row.inter}
                      onOpen={onOpen}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Figure
                      value={data.inward_exempt[row.key].intra_state}
                      head={row.intra}
                      onOpen={onOpen}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>

      <section aria-labelledby="gstr3b-61">
        <Title order={4} id="gstr3b-61" mb="xs">
          6.1 Payment of tax
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          ITC is used as section 49 and rule 88A order it: integrated tax credit first (on integrated, then
          central, then state tax), then central and state tax credit (on their own tax, then integrated).
          Reverse-charge tax is paid in cash.
        </Text>
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder striped aria-label="6.1 Payment of tax">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Tax payable</Table.Th>
                {TAX_COLUMNS.map(([key, label]) => (
                  <Table.Th key={key} ta="right">
                    Paid through ITC: {label}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Tax paid in cash</Table.Th>
                <Table.Th ta="right">Reverse charge paid in cash</Table.Th>
                <Table.Th ta="right">ITC carried forward</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.payment.map((row) => (
                <Table.Tr key={row.head}>
                  <Table.Td>{TAX_COLUMNS.find(([key]) => key === row.head)?.[1]}</Table.Td>
                  <Table.Td ta="right">
                    <Money value={row.payable} />
                  </Table.Td>
                  {TAX_COLUMNS.map(([key]) => (
                    <Table.Td key={key} ta="right">
                      <Money value={row.paid_by_itc[key]} />
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={600}>
                    <Money value={row.paid_in_cash} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money value={row.reverse_charge} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money value={row.carried_forward} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
    </Stack>
  );
}
