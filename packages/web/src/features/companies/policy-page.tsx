import { POLICY_TEXT_MAX } from '@b2b/domain/api/companies';
import { Button, Card, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { type Policy, policyQuery, useSavePolicy } from './policy.api';

const SECTIONS = [
  { key: 'terms', title: 'Terms and Conditions', empty: 'No terms and conditions are written yet.' },
  { key: 'privacy_policy', title: 'Privacy Policy', empty: 'No privacy policy is written yet.' },
] as const;

function PolicyText({ policy }: { policy: Policy }) {
  return (
    <Stack gap="lg">
      {SECTIONS.map((section) => (
        <Card key={section.key} withBorder padding="lg" component="section" aria-label={section.title}>
          <Stack gap="sm">
            <Title order={3} fz="h4">
              {section.title}
            </Title>
            {policy[section.key] ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {policy[section.key]}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {section.empty}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function PolicyForm({ companyId, policy }: { companyId: number; policy: Policy }) {
  const save = useSavePolicy(companyId);
  const [texts, setTexts] = useState({ terms: policy.terms, privacy_policy: policy.privacy_policy });
  useEffect(() => setTexts({ terms: policy.terms, privacy_policy: policy.privacy_policy }), [policy]);
  const dirty = texts.terms !== policy.terms || texts.privacy_policy !== policy.privacy_policy;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(texts);
      }}
    >
      <Stack gap="lg">
        {SECTIONS.map((section) => (
          <Card key={section.key} withBorder padding="lg" component="section" aria-label={section.title}>
            <Textarea
              label={section.title}
              autosize
              minRows={6}
              maxRows={20}
              maxLength={POLICY_TEXT_MAX}
              value={texts[section.key]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTexts((current) => ({ ...current, [section.key]: value }));
              }}
              description={`${texts[section.key].length} / ${POLICY_TEXT_MAX} characters`}
            />
          </Card>
        ))}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!dirty || save.isPending}
            onClick={() => setTexts({ terms: policy.terms, privacy_policy: policy.privacy_policy })}
          >
            Discard
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save Policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /policy: the company's terms and privacy policy. Every member reads them; a user who may change
 * the company writes them (the terms are the ones the Company page and the documents show).
 */
export function PolicyPage() {
  const user = useCurrentUser();
  const policy = useQuery(policyQuery(user.company.id));
  const canChange = canPerform(user, 'change_company');
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>Policy</Title>
      {policy.isPending && <Skeleton height={240} aria-label="Loading the policy" />}
      {policy.isError && (
        <LoadErrorAlert
          title="Failed to load the policy."
          error={policy.error}
          onRetry={() => policy.refetch()}
        />
      )}
      {policy.isSuccess &&
        (canChange ? (
          <PolicyForm companyId={user.company.id} policy={policy.data} />
        ) : (
          <PolicyText policy={policy.data} />
        ))}
    </Stack>
  );
}
