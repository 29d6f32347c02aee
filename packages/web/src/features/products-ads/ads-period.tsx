import { AD_FACT_PLATFORMS, AD_PLATFORM_LABELS, type AdFactPlatform } from '@b2b/domain/products-ads';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import { Anchor, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PATHS } from '../../session/paths';
import type { AdsPeriod } from './products-ads.api';

const RANGES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];

const PLATFORM_OPTIONS = [
  { value: '', label: 'All platforms' },
  ...AD_FACT_PLATFORMS.map((p) => ({ value: p, label: AD_PLATFORM_LABELS[p] })),
];

/** The period of a products-ads screen: the last N days of India, and optionally one platform. */
export function useAdsPeriod(withPlatform: boolean) {
  const [days, setDays] = useState('30');
  const [platform, setPlatform] = useState<AdFactPlatform | ''>('');
  const end = todayInIndia();
  const period: AdsPeriod = {
    start_date: addDays(end, 1 - Number(days)),
    end_date: end,
    ...(withPlatform && platform && { platform }),
  };
  const controls = (
    <Group gap="sm" align="flex-end">
      <SegmentedControl aria-label="Period" data={RANGES} value={days} onChange={setDays} />
      {withPlatform && (
        <Select
          aria-label="Platform"
          data={PLATFORM_OPTIONS}
          value={platform}
          onChange={(value) => setPlatform((value ?? '') as AdFactPlatform | '')}
          allowDeselect={false}
          w={180}
        />
      )}
    </Group>
  );
  return { period, controls };
}

/** The links between the three products-ads screens and the accounts screen. */
export function AdsNav() {
  return (
    <Group gap="md">
      <Anchor component={Link} to={PATHS.productsAds} size="sm">
        Spend and Revenue
      </Anchor>
      <Anchor component={Link} to={PATHS.productsAdsOrganic} size="sm">
        Organic and Non-organic
      </Anchor>
      <Anchor component={Link} to={PATHS.productsAdsCompetitiveness} size="sm">
        Competitiveness
      </Anchor>
      <Anchor component={Link} to={PATHS.adsAccountVerifications} size="sm">
        Connect Ads Account
      </Anchor>
    </Group>
  );
}

export const ratio = (value: number | null, suffix = '') =>
  value === null ? '—' : `${value.toLocaleString('en-IN', { maximumFractionDigits: 2 })}${suffix}`;

export function NoFigures() {
  return (
    <Text size="sm" c="dimmed">
      No ad figures in this period. Connect Google Ads or Meta, or import a CSV of daily figures on{' '}
      <Anchor component={Link} to={PATHS.adsAccountVerifications} underline="always">
        Connect Ads Account
      </Anchor>
      .
    </Text>
  );
}
