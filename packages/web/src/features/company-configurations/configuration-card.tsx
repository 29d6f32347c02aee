import { Badge, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { lockedSwitchStyles } from '../../components/switch-field';
import {
  type CompanyConfiguration,
  type ConfigurationType,
  useSaveConfiguration,
} from './company-configurations.api';

export interface ConfigurationCardProps {
  companyId: number;
  type: ConfigurationType;
  title: string;
  description: string;
  entry: CompanyConfiguration | undefined;
  /** What a type not stored yet starts with when it is switched on. */
  defaults: Record<string, unknown>;
  canChange: boolean;
  /** On while not stored yet (a switch that is on by default, like the filed GST period lock). */
  enabledWhenUnset?: boolean;
  children: ReactNode;
}

/** One configuration type: its state, the switch that turns it on or off, and its settings. */
export function ConfigurationCard(props: ConfigurationCardProps) {
  const { companyId, type, title, description, entry, defaults, canChange, enabledWhenUnset, children } =
    props;
  const save = useSaveConfiguration(companyId);
  const stored = entry ? entry.is_enabled : Boolean(enabledWhenUnset);
  const enabled = save.isPending ? Boolean(save.variables?.is_enabled) : Boolean(stored);

  return (
    <Card withBorder padding="lg" aria-label={title} component="section">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
            <Badge color={enabled ? 'teal' : 'gray'} variant="light" radius="sm">
              {enabled ? 'Enabled' : 'Disabled'}
            </Badge>
            <Switch
              aria-label={`Enable ${title}`}
              checked={enabled}
              disabled={!canChange || save.isPending}
              styles={canChange ? undefined : lockedSwitchStyles(enabled)}
              onChange={(event) =>
                save.mutate({ type, existing: entry, is_enabled: event.currentTarget.checked, defaults })
              }
            />
          </Group>
        </Group>
        {!entry && (
          <Text size="xs" c="dimmed">
            Not set up yet: the settings below are the defaults.
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
