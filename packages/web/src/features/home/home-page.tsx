import { Anchor, Card, Group, Select, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuilding,
  IconFileInvoice,
  IconPackage,
  IconShoppingCart,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useUrlIdFilter } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canOpen } from '../../session/has-permission';
import { LeadFollowUpsCard } from '../leads/lead-follow-ups-card';
import { SetupProgress } from '../onboarding/setup-progress';
import { Dashboard } from './dashboard';

interface QuickLink {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
  permission?: string;
}

const QUICK_LINKS: QuickLink[] = [
  {
    label: 'Products',
    description: 'Your catalogue',
    to: '/products',
    icon: <IconPackage />,
    permission: 'view_product',
  },
  {
    label: 'Sales Orders',
    description: 'Orders from buyers',
    to: '/orders',
    icon: <IconShoppingCart />,
    permission: 'view_order',
  },
  {
    label: 'Invoices',
    description: 'GST invoices',
    to: '/invoices',
    icon: <IconFileInvoice />,
    permission: 'view_invoice',
  },
  {
    label: 'Buyers',
    description: 'Your customers',
    to: '/buyers',
    icon: <IconUsersGroup />,
    permission: 'view_buyer',
  },
  { label: 'Company', description: 'Profile and preferences', to: '/company', icon: <IconBuilding /> },
  { label: 'Users', description: 'Staff, roles and branches', to: '/users', icon: <IconUsers /> },
];

/**
 * /home/overview: a welcome with the company's name, the dashboard's figures (for one of the
 * user's branches when they have several), then the setup progress and shortcuts the user may open.
 */
export function HomePage() {
  const user = useCurrentUser();
  const links = QUICK_LINKS.filter((link) => !link.permission || canOpen(user, link.permission));
  const branches = user.branches.filter((branch) => branch.is_active);
  const [branch, setBranch] = useUrlIdFilter('branch');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Welcome, {user.first_name}</Title>
          <Text c="dimmed">{user.company.name}</Text>
        </div>
        {branches.length > 1 && (
          <Select
            label="Branch"
            placeholder="All branches"
            data={branches.map((b) => ({ value: String(b.id), label: b.name }))}
            value={branch}
            onChange={setBranch}
            clearable
            w={240}
          />
        )}
      </Group>
      {canOpen(user, 'view_dashboard') && <Dashboard branch={branch === null ? null : Number(branch)} />}
      {canOpen(user, 'view_lead') && <LeadFollowUpsCard companyId={user.company.id} />}
      <SetupProgress variant="card" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {links.map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} underline="never" c="inherit">
            <Card withBorder padding="lg" h="100%">
              <Group wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light">
                  {link.icon}
                </ThemeIcon>
                <div>
                  <Text fw={600}>{link.label}</Text>
                  <Text size="sm" c="dimmed">
                    {link.description}
                  </Text>
                </div>
              </Group>
            </Card>
          </Anchor>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
