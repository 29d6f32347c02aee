import { Badge, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { type Company, type CompanyToggle, useToggleCompanyFlag } from './companies.api';

const SWITCHES: { flag: CompanyToggle; label: string; description: string }[] = [
  {
    flag: 'is_order_auto_confirm',
    label: 'Order auto confirmation',
    description: 'New sales orders are confirmed as soon as they are placed.',
  },
  {
    flag: 'is_bill_auto_received',
    label: 'Bill auto receive',
    description: 'Purchase bills are marked received when they are created.',
  },
  {
    flag: 'apply_credit_limit_restriction',
    label: 'Credit limit restriction',
    description: 'A buyer who has exceeded the credit limit cannot place further orders.',
  },
];

/**
 * The company's three switches; each change is its own PATCH and ends in the spec's toast.
 * Without change_company they show as On/Off badges (a disabled switch reads as off).
 */
export function CompanySwitches({ company, canChange }: { company: Company; canChange: boolean }) {
  const toggle = useToggleCompanyFlag(company.id);
  const pendingFlag = toggle.isPending ? toggle.variables?.flag : undefined;
  return (
    <Card withBorder padding="lg">
      <Stack gap="lg">
        <Title order={3} fz="h4">
          Preferences
        </Title>
        {SWITCHES.map((entry) =>
          canChange ? (
            <Switch
              key={entry.flag}
              label={entry.label}
              description={entry.description}
              checked={pendingFlag === entry.flag ? Boolean(toggle.variables?.value) : company[entry.flag]}
              disabled={toggle.isPending}
              onChange={(event) => toggle.mutate({ flag: entry.flag, value: event.currentTarget.checked })}
            />
          ) : (
            <Group key={entry.flag} justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm">{entry.label}</Text>
                <Text size="xs" c="dimmed">
                  {entry.description}
                </Text>
              </div>
              <Badge color={company[entry.flag] ? 'green' : 'gray'} variant="light">
                {company[entry.flag] ? 'On' : 'Off'}
              </Badge>
            </Group>
          ),
        )}
      </Stack>
    </Card>
  );
}
