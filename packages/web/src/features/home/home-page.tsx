import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
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
import { useCurrentUser } from '../../session/current-user';
import { canOpen } from '../../session/has-permission';
import { SetupProgress } from '../onboarding/setup-progress';

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

/** /home/overview: a welcome with the company's name and shortcuts the user may open. */
export function HomePage() {
  const user = useCurrentUser();
  const links = QUICK_LINKS.filter((link) => !link.permission || canOpen(user, link.permission));
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Welcome, {user.first_name}</Title>
        <Text c="dimmed">{user.company.name}</Text>
      </div>
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
