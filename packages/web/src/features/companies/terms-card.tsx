import { Alert, Button, Card, Group, Skeleton, Stack, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorDetail } from '../../api/api-error';
import { termsQuery, useSaveTerms } from './companies.api';

const MAX_TERMS = 20_000;

/** The company's terms and conditions, printed on its documents. */
export function TermsCard({ companyId, canChange }: { companyId: number; canChange: boolean }) {
  const terms = useQuery(termsQuery(companyId));
  const save = useSaveTerms(companyId);
  const [text, setText] = useState('');
  useEffect(() => {
    if (terms.data !== undefined) setText(terms.data?.terms ?? '');
  }, [terms.data]);

  const saved = terms.data?.terms ?? '';
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} fz="h4">
          Terms and Conditions
        </Title>
        {terms.isPending && <Skeleton height={120} />}
        {terms.isError && (
          <Alert color="red" title="Failed to load." role="alert">
            <Group justify="space-between">
              {errorDetail(terms.error)}
              <Button size="xs" variant="light" color="red" onClick={() => terms.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {terms.isSuccess && (
          <>
            <Textarea
              label="Terms and Conditions"
              autosize
              minRows={5}
              maxRows={16}
              value={text}
              maxLength={MAX_TERMS}
              readOnly={!canChange}
              onChange={(event) => setText(event.currentTarget.value)}
              description={`${text.length} / ${MAX_TERMS} characters`}
            />
            {canChange && (
              <Group justify="flex-end">
                <Button
                  variant="default"
                  disabled={text === saved || save.isPending}
                  onClick={() => setText(saved)}
                >
                  Discard
                </Button>
                <Button
                  loading={save.isPending}
                  disabled={text === saved}
                  onClick={() => save.mutate({ existing: terms.data ?? null, terms: text })}
                >
                  Save Terms
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
