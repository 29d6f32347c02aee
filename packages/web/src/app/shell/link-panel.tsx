import { BI_LINKS, type PanelSection, PRODUCT_ADS_LINKS, REPORT_LINKS } from '@b2b/domain/navigation';
import { NavLink, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PanelKind } from './panels';

const SECTIONS: Record<'reports' | 'business-intelligence' | 'products-ads', readonly PanelSection[]> = {
  reports: REPORT_LINKS,
  'business-intelligence': BI_LINKS,
  'products-ads': PRODUCT_ADS_LINKS,
};

export interface LinkPanelProps {
  panel: Extract<PanelKind, 'reports' | 'business-intelligence' | 'products-ads'>;
  onNavigate: () => void;
}

/** The Reports, Business Intelligence and Products Ads panels: sections of links. */
export function LinkPanel({ panel, onNavigate }: LinkPanelProps) {
  return (
    <Stack gap="md">
      {SECTIONS[panel].map((section) => (
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
