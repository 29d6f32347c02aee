import { Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}

/** The frame of the screens without a top bar: login, reset, sign-up and its verification. */
export function AuthCard({ title, subtitle, width = 420, children }: AuthCardProps) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={width} gap="lg">
        <Group gap={8} justify="center" c="indigo">
          <IconBuildingStore size={30} aria-hidden />
          <Text fw={800} fz="xl">
            B2B Back Office
          </Text>
        </Group>
        <Card withBorder shadow="sm" padding="xl">
          <Stack gap="md">
            <Box>
              <Title order={2} fz="h3">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </Box>
            {children}
          </Stack>
        </Card>
      </Stack>
    </Center>
  );
}
