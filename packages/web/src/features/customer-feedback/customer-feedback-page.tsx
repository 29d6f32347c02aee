import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useUrlFilter } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { FeedbackFormsTab } from './feedback-forms-tab';
import { FeedbackResponses } from './feedback-responses';
import { RequestFeedbackDialog } from './request-feedback-dialog';

/** /customer-feedback (Customer Feedback): the answers with their averages, and the forms. */
export function CustomerFeedbackPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const [tab, setTab] = useUrlFilter<string>('tab', 'responses');
  const [requesting, setRequesting] = useState(false);
  const canAdd = canPerform(user, 'add_customer_feedback');
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Customer Feedback</Title>
        {canAdd && (
          <Button
            leftSection={<IconMessageStar size={16} />}
            onClick={() => setRequesting(true)}
            style={{ visibility: requesting ? 'hidden' : undefined }}
          >
            Request Feedback
          </Button>
        )}
      </Group>
      <Tabs
        value={tab === 'forms' ? 'forms' : 'responses'}
        onChange={(value) => setTab(value ?? 'responses')}
      >
        <Tabs.List>
          <Tabs.Tab value="responses">Responses</Tabs.Tab>
          <Tabs.Tab value="forms">Forms</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="responses" pt="md">
          {tab !== 'forms' && <FeedbackResponses companyId={companyId} />}
        </Tabs.Panel>
        <Tabs.Panel value="forms" pt="md">
          {tab === 'forms' && (
            <FeedbackFormsTab
              companyId={companyId}
              canAdd={canAdd}
              canChange={canPerform(user, 'change_customer_feedback')}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {requesting && <RequestFeedbackDialog companyId={companyId} onClose={() => setRequesting(false)} />}
    </Stack>
  );
}
