import { Anchor, Card, Stack, Text, Title } from '@mantine/core';

/** The docs route (no guard): where the API reference lives. */
export function DocsPage() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>API documentation</Title>
      <Card withBorder>
        <Text>
          The HTTP API is described by its OpenAPI document at{' '}
          <Anchor href="/api/docs/openapi.json">/api/docs/openapi.json</Anchor>, browsable at{' '}
          <Anchor href="/api/docs">/api/docs</Anchor>.
        </Text>
      </Card>
    </Stack>
  );
}
