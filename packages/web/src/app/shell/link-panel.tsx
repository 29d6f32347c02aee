import { NavLink, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/current-user';
import type { PanelKind } from './panels';
import { builtSections } from './use-menu-items';

export interface LinkPanelProps {
  panel: Extract<PanelKind, 'reports' | 'business-intelligence' | 'products-ads'>;
  onNavigate: () => void;
}

/** The Reports, Business Intelligence and Products Ads panels: sections of links to built screens. */
export function LinkPanel({ panel, onNavigate }: LinkPanelProps) {
  const user = useCurrentUser();
  return (
    <Stack gap="md">
      {builtSections(panel, user).map((section) => (
        <nav key={section.title} aria-label={section.title}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
            {section.title}
          </Text>
          {section.links.map((link) => (
            <NavLink
              key={link.path}
              component={Link}
              to={link.path}
              label={link.label}
              onClick={onNavigate}
            />
          ))}
        </nav>
      ))}
    </Stack>
  );
}
