import { FEEDBACK_MESSAGES, isGoogleReviewUrl } from '@b2b/domain/customer-feedback';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorDetail, isApiError } from '../../api/api-error';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { submitHere } from '../../components/submit-here';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { feedbackSettingsQuery, useSaveFeedbackSettings } from './customer-feedback.api';

/**
 * /google-review-account-verifications (Google review account verification): the business's
 * Google review page, offered to buyers who rate 4 or 5 stars after they answer a feedback form.
 */
export function GoogleReviewPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const settings = useQuery(feedbackSettingsQuery(companyId));
  const save = useSaveFeedbackSettings(companyId);
  const canChange = canPerform(user, 'change_customer_feedback');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setUrl(settings.data?.google_review_url ?? ''), [settings.data?.google_review_url]);

  const submit = async (value: string) => {
    const clean = value.trim();
    if (clean !== '' && !isGoogleReviewUrl(clean)) {
      setError(FEEDBACK_MESSAGES.google_review_url);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ google_review_url: clean === '' ? null : clean });
    } catch (failure) {
      setError(
        isApiError(failure)
          ? (failure.errors.google_review_url?.[0] ?? failure.detail)
          : errorDetail(failure),
      );
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Google review account verification</Title>
      <Text>
        Buyers who rate you 4 or 5 stars on a feedback form are invited to review you on Google. Paste the
        link of your Google Business Profile's review page: in Google Maps or Search open your business,
        choose <em>Ask for reviews</em> (or <em>Share review form</em>) and copy the link it gives
        (g.page/r/…/review or maps.app.goo.gl/…).
      </Text>
      {settings.error ? (
        <LoadErrorAlert
          title="Failed to load the review link"
          error={settings.error}
          onRetry={() => settings.refetch()}
        />
      ) : !settings.data ? (
        <Skeleton height={160} />
      ) : (
        <Card withBorder padding="md">
          <form noValidate onSubmit={submitHere(() => void submit(url))}>
            <Stack gap="md">
              {settings.data.google_review_url ? (
                <Alert color="teal" title="Linked">
                  Happy buyers are sent to{' '}
                  <Anchor href={settings.data.google_review_url} target="_blank" rel="noreferrer">
                    {settings.data.google_review_url}
                  </Anchor>
                  .
                </Alert>
              ) : (
                <Alert color="gray" title="Not linked">
                  No Google review link yet: the thank-you page after a feedback answer offers none.
                </Alert>
              )}
              <TextInput
                label="Google review link"
                placeholder="https://g.page/r/…/review"
                type="url"
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
                error={error}
                disabled={!canChange}
              />
              {canChange && (
                <Group justify="flex-end">
                  {settings.data.google_review_url && (
                    <Button
                      variant="default"
                      color="red"
                      onClick={() => void submit('')}
                      disabled={save.isPending}
                    >
                      Remove Link
                    </Button>
                  )}
                  <Button type="submit" loading={save.isPending}>
                    Save
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
